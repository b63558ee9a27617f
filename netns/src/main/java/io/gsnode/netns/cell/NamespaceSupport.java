package io.gsnode.netns.cell;

import io.gsnode.netns.fabric.Commands;
import io.gsnode.netns.fabric.UserNamespace;
import java.io.IOException;
import java.util.List;

/** Whether this machine lets gsnode build a fabric: as root, or in a user namespace of its own. */
public final class NamespaceSupport {

    private NamespaceSupport() {
    }

    /** True where {@code ip} exists and a network namespace can be made (directly as root, else via unshare). */
    public static boolean available() {
        try {
            if (!Commands.run(List.of("ip", "-V"), null).ok()) return false;
            List<String> probe = UserNamespace.isRoot() ? List.of("unshare", "-n", "true") : List.of("unshare", "-Urn", "true");
            return Commands.run(probe, null).ok();
        } catch (IOException e) {
            return false;
        }
    }
}
