package io.gsnode.shadow;

import io.netty.buffer.ByteBufAllocator;
import io.netty.util.Recycler;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Run in a JVM of its own by {@link ShadowJvmFlagsTest}: prints the allocator Netty chose and
 * whether its recycler hands a recycled object back. Both are fixed when Netty's classes load, so
 * only a fresh JVM with the flags under test can show them.
 */
final class NettyPoolsProbe {

    private static final class Pooled {
        final Recycler.Handle<Pooled> handle;

        Pooled(Recycler.Handle<Pooled> handle) {
            this.handle = handle;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        // Netty pools objects for its own threads (its event loops' kind) only, by default.
        Thread loop = new FastThreadLocalThread(NettyPoolsProbe::probe);
        loop.start();
        loop.join();
    }

    private static void probe() {
        Recycler<Pooled> recycler = new Recycler<>() {
            @Override
            protected Pooled newObject(Handle<Pooled> handle) {
                return new Pooled(handle);
            }
        };
        // A pool keeps only every few handles it has never seen (Netty's recycler ratio), so try many.
        Set<Pooled> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        boolean recycles = false;
        for (int i = 0; i < 100 && !recycles; i++) {
            Pooled p = recycler.get();
            recycles = !seen.add(p);
            p.handle.recycle(p);
        }
        System.out.println(ByteBufAllocator.DEFAULT.getClass().getSimpleName() + " " + (recycles ? "recycles" : "does-not-recycle"));
    }
}
