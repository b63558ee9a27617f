package io.gsnode.tools.results;

/**
 * Input the results commands refuse (a missing directory, an unknown schema, records of two cells
 * in one directory, nothing to pair): reported as one line, exit status 2.
 */
public final class InputProblem extends Exception {

    public InputProblem(String message) {
        super(message);
    }

    public InputProblem(String message, Throwable cause) {
        super(message, cause);
    }
}
