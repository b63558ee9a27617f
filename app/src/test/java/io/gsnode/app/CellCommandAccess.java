package io.gsnode.app;

/** A fresh {@code gsnode cell} command, for the study's tests in another package. */
public final class CellCommandAccess {

    private CellCommandAccess() {}

    public static Object fresh() {
        return new CellCommand();
    }
}
