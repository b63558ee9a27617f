package io.gsnode.gossipsub.partial;

/** A partial RPC the application or the extension refused: malformed, over a cap, inconsistent. */
public final class PartialRpcException extends Exception {

    public PartialRpcException(String message) {
        super(message);
    }
}
