package io.gsnode.segmentation.partial;

/** Parts metadata or a partial message that does not decode strictly (docs/arms.md §8.2). */
public final class PartialFormatException extends Exception {

    public PartialFormatException(String message) {
        super(message);
    }
}
