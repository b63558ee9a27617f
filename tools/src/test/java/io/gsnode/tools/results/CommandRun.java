package io.gsnode.tools.results;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs a picocli command in-process and keeps its exit status, stdout and stderr. */
public record CommandRun(int status, String out, String err) {

    public static CommandRun of(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine line = new CommandLine(command);
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        int status = line.execute(args);
        return new CommandRun(status, out.toString(), err.toString());
    }

    @Override
    public String toString() {
        return "exit " + status + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
