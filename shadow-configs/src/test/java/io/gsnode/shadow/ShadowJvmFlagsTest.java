package io.gsnode.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Shadow additions really switch off Netty's two lock-free pools (a Netty release that
 * renamed a property would silently bring the hang back): a probe JVM started with them reports
 * the unpooled allocator and no recycling, and, so the probe is known to tell, one started
 * without them reports Netty's defaults.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ShadowJvmFlagsTest {

    @Test
    void theShadowAdditionsLeaveNettyWithoutItsLockFreePools() throws Exception {
        assertEquals("UnpooledByteBufAllocator does-not-recycle", probe(ShadowJvmFlags.SHADOW_ADDITIONS));
    }

    @Test
    void withoutThemNettyPoolsBuffersAndObjects() throws Exception {
        assertEquals("AdaptiveByteBufAllocator recycles", probe(List.of()));
    }

    private static String probe(List<String> flags) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(flags);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), NettyPoolsProbe.class.getName()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, p.waitFor(), out);
        return out;
    }
}
