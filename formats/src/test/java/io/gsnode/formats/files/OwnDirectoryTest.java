package io.gsnode.formats.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 43 #11: a cell's {@code nodes/} planted by another user is refused before anything is written into it. */
class OwnDirectoryTest {

    @TempDir
    Path out;

    @Test
    void aMissingDirectoryIsMadeAndOneOfOursIsTaken() throws Exception {
        Path nodes = OwnDirectory.prepare(out.resolve("nodes"));
        assertTrue(Files.isDirectory(nodes));
        assertEquals(nodes, OwnDirectory.prepare(nodes));
    }

    @Test
    void aLinkPlantedInItsPlaceIsRefusedAndNothingIsWrittenWhereItPoints() throws Exception {
        Path elsewhere = Files.createDirectories(out.resolve("etc"));
        Path nodes = Files.createSymbolicLink(out.resolve("nodes"), elsewhere);

        IOException e = assertThrows(IOException.class, () -> OwnDirectory.prepare(nodes));

        assertTrue(e.getMessage().contains("is a symbolic link"), e.getMessage());
        try (var inside = Files.list(elsewhere)) {
            assertFalse(inside.findAny().isPresent());
        }
    }

    @Test
    void anotherUsersDirectoryIsRefused() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "only root can give a directory away");
        Path nodes = Files.createDirectories(out.resolve("nodes"));
        UserPrincipal nobody = out.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        Files.setOwner(nodes, nobody);

        IOException e = assertThrows(IOException.class, () -> OwnDirectory.prepare(nodes));

        assertTrue(e.getMessage().contains("belongs to nobody, not to root"), e.getMessage());
    }
}
