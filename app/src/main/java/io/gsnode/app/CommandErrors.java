package io.gsnode.app;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import picocli.CommandLine;

/**
 * How {@code gsnode} reports what went wrong: a refused command line (exit 2) and an input or
 * environment failure while running (exit 1) each as one line that names the command, never
 * picocli's whole usage or a stack trace; a failure that is a bug of ours (any other runtime
 * exception) with its stack trace, which is what a report of it needs.
 */
final class CommandErrors {

    /** The environment variable that asks for the stack trace of every failure. */
    static final String DEBUG_ENV = "GSNODE_DEBUG";

    private CommandErrors() {}

    /** Installs both handlers on {@code root} and every subcommand it has now. */
    static CommandLine install(CommandLine root) {
        root.setParameterExceptionHandler(CommandErrors::refused);
        root.setExecutionExceptionHandler(CommandErrors::failed);
        return root;
    }

    /** {@code gsnode cell: <what picocli or the command refused>}, picocli's suggestions, then where help is. */
    static int refused(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        PrintWriter err = cmd.getErr();
        String name = cmd.getCommandSpec().qualifiedName();
        err.println(name + ": " + e.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
        err.println("see '" + name + " --help'");
        err.flush();
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }

    /**
     * {@code gsnode cell: <what failed>}: an input or environment failure (a file, a socket, a value)
     * in one line, with the stack trace on request; anything else with its stack trace.
     */
    static int failed(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
        PrintWriter err = cmd.getErr();
        String name = cmd.getCommandSpec().qualifiedName();
        Throwable cause = e instanceof UncheckedIOException u ? u.getCause() : e;
        boolean ours = !(cause instanceof IOException || cause instanceof IllegalArgumentException);
        err.println(name + ": " + describe(cause));
        if (ours || System.getenv(DEBUG_ENV) != null) {
            e.printStackTrace(err);
        } else {
            err.println("(set " + DEBUG_ENV + "=1 for the stack trace)");
        }
        err.flush();
        return cmd.getCommandSpec().exitCodeOnExecutionException();
    }

    /** What failed, with the path a file-system failure is about ("Is a directory" alone names nothing). */
    static String describe(Throwable t) {
        if (t instanceof NoSuchFileException f) return "no such file or directory: " + f.getFile();
        if (t instanceof AccessDeniedException f) return "permission denied: " + f.getFile();
        if (t instanceof FileAlreadyExistsException f) return "already exists: " + f.getFile();
        if (t instanceof NotDirectoryException f) return "not a directory: " + f.getFile();
        if (t instanceof FileSystemException f) {
            String why = f.getReason() == null ? "failed" : f.getReason();
            return why + ": " + f.getFile() + (f.getOtherFile() == null ? "" : " -> " + f.getOtherFile());
        }
        if (t instanceof IllegalArgumentException) return String.valueOf(t.getMessage());
        String message = t.getMessage();
        return message == null ? t.getClass().getSimpleName() : t.getClass().getSimpleName() + ": " + message;
    }
}
