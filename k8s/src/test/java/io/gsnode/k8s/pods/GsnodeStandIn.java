package io.gsnode.k8s.pods;

import io.gsnode.k8s.cli.K8sCommand;
import io.gsnode.node.cli.RunCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * gsnode's root command as far as a pod uses it ({@code run}, {@code k8s}), for the tests that run
 * the pods' commands on this module's class path: the assembled jar is built after this module.
 */
@Command(name = "gsnode", subcommands = {RunCommand.class, K8sCommand.class})
public final class GsnodeStandIn {

    public static void main(String[] args) {
        System.exit(new CommandLine(new GsnodeStandIn()).execute(args));
    }
}
