package io.gsnode.k8s.collect;

import io.gsnode.k8s.manifest.PodLayout;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Copies each pod's record and exit status out of a running cell with {@code kubectl exec ... cat},
 * into the layout {@link PodRecords} reads. A pod that is gone, or whose node has written nothing
 * yet, leaves its directory without a record: it is then lost, and the copy says which.
 */
public final class KubectlFetch {

    /** Pods asked at once: enough to collect a thousand pods in a minute or two, few enough for the API server. */
    private static final int PARALLEL = 8;
    private static final long PER_POD_TIMEOUT_S = 60;

    private final String kubectl;
    private final String namespace;
    private final PrintStream progress;

    public KubectlFetch(String kubectl, String namespace, PrintStream progress) {
        this.kubectl = kubectl;
        this.namespace = namespace;
        this.progress = progress;
    }

    /**
     * Whether kubectl reaches the cluster and the cell's namespace is there: a collect that reaches
     * no cluster is a failed backend, not a cell whose every node was lost.
     *
     * @throws IOException naming kubectl's own last error line when it does not
     */
    public void checkReachable() throws IOException, InterruptedException {
        List<String> command = List.of(kubectl, "get", "namespace", namespace, "-o", "name");
        Path errors = Files.createTempFile("gsnode-kubectl", ".err");
        try {
            Process p;
            try {
                p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(errors.toFile()).start();
            } catch (IOException e) {
                throw new IOException("cannot run " + kubectl + " (install kubectl, or give --kubectl PATH): " + e.getMessage(), e);
            }
            if (!p.waitFor(PER_POD_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new IOException(kubectl + " get namespace " + namespace + " did not answer in " + PER_POD_TIMEOUT_S + " s");
            }
            if (p.exitValue() != 0) {
                List<String> lines = Files.readAllLines(errors).stream().filter(l -> !l.isBlank()).toList();
                String last = lines.isEmpty() ? "exit " + p.exitValue() : lines.get(lines.size() - 1).strip();
                throw new IOException("kubectl reaches no cell in namespace " + namespace + ": " + (last.length() > 300 ? last.substring(0, 300) + "..." : last));
            }
        } finally {
            Files.deleteIfExists(errors);
        }
    }

    /** Fetches pods 0..n-1 into {@code pods}; returns how many records came back. */
    public int fetch(int n, Path pods) throws IOException, InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(PARALLEL);
        AtomicInteger done = new AtomicInteger();
        AtomicInteger fetched = new AtomicInteger();
        try {
            List<Future<?>> all = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                all.add(pool.submit(() -> {
                    Path dir = pods.resolve(PodLayout.pod(index));
                    Files.createDirectories(dir);
                    if (copy(index, PodLayout.RECORD_FILE, dir)) fetched.incrementAndGet();
                    copy(index, PodLayout.EXIT_FILE, dir);
                    int k = done.incrementAndGet();
                    if (k % Math.max(1, n / 10) == 0 || k == n) progress.printf("gsnode k8s collect: %d of %d pods read%n", k, n);
                    return null;
                }));
            }
            for (Future<?> f : all) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IOException(e.getCause().getMessage(), e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return fetched.get();
    }

    /**
     * {@code kubectl exec POD -c node -- cat /records/FILE > DIR/FILE}; false (and nothing written)
     * on failure. What the pod prints is read up to the file's largest size ({@link
     * PodRecords#MAX_RECORD_BYTES}): a pod that prints more, or for longer than the timeout, is cut
     * off and its file not kept.
     */
    private boolean copy(int index, String file, Path dir) throws IOException, InterruptedException {
        Path target = dir.resolve(file);
        Path partial = dir.resolve(file + ".part");
        long limit = PodLayout.EXIT_FILE.equals(file) ? PodRecords.MAX_EXIT_BYTES : PodRecords.MAX_RECORD_BYTES;
        List<String> command = List.of(kubectl, "-n", namespace, "exec", PodLayout.pod(index), "-c", PodLayout.NODE_CONTAINER,
                "--", "cat", PodLayout.RECORDS_DIR + "/" + file);
        Process p;
        try {
            p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            throw new IOException("cannot run " + kubectl + " (install kubectl, or give --kubectl PATH): " + e.getMessage(), e);
        }
        // The read below blocks: a pod that never finishes is stopped from here, which ends it.
        CompletableFuture.delayedExecutor(PER_POD_TIMEOUT_S, TimeUnit.SECONDS).execute(p::destroyForcibly);
        long copied = 0;
        try (InputStream in = p.getInputStream(); OutputStream out = Files.newOutputStream(partial)) {
            byte[] buffer = new byte[1 << 16];
            for (int r; (r = in.read(buffer)) != -1 && copied <= limit; ) {
                copied += r;
                if (copied <= limit) out.write(buffer, 0, r);
            }
        }
        boolean tooLong = copied > limit;
        if (tooLong) p.destroyForcibly();
        boolean exited = p.waitFor(PER_POD_TIMEOUT_S, TimeUnit.SECONDS);
        if (!exited) p.destroyForcibly().waitFor();
        boolean ok = !tooLong && exited && p.exitValue() == 0 && copied > 0;
        if (tooLong) progress.printf("gsnode k8s collect: %s's %s is more than %,d bytes: not kept%n", PodLayout.pod(index), file, limit);
        if (ok) Files.move(partial, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        else Files.deleteIfExists(partial);
        return ok;
    }
}
