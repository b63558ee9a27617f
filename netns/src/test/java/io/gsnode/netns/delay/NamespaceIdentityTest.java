package io.gsnode.netns.delay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the switch's watcher tells a namespace that is gone from one replaced under the same name. */
class NamespaceIdentityTest {

    private static final long NSFS = 4;
    private static final NamespaceIdentity BEFORE = new NamespaceIdentity(NSFS, 4026532000L);

    @Test
    void theSameNamespaceIsNoChange() {
        assertEquals(Optional.empty(), BEFORE.changeTo(Optional.of(new NamespaceIdentity(NSFS, 4026532000L))));
    }

    @Test
    void aMissingPathIsGone() {
        assertEquals(Optional.of("is gone"), BEFORE.changeTo(Optional.empty()));
    }

    /** Mid {@code ip netns del}: unmounted, not yet unlinked, the path is a plain file on another device. */
    @Test
    void aPlainFileLeftAtThePathIsGoneNotReplaced() {
        assertEquals(Optional.of("is gone"), BEFORE.changeTo(Optional.of(new NamespaceIdentity(23, 17))));
    }

    @Test
    void anotherNamespaceUnderTheSameNameIsReplaced() {
        assertEquals(Optional.of("was replaced by another"), BEFORE.changeTo(Optional.of(new NamespaceIdentity(NSFS, 4026532999L))));
    }

    @Test
    void readsTheIdentityBehindAPath(@TempDir Path dir) throws Exception {
        Path file = Files.createFile(dir.resolve("f"));
        NamespaceIdentity id = NamespaceIdentity.of(file).orElseThrow();
        assertEquals(Optional.empty(), id.changeTo(NamespaceIdentity.of(file)));
        Files.delete(file);
        assertEquals(Optional.of("is gone"), id.changeTo(NamespaceIdentity.of(file)));
    }
}
