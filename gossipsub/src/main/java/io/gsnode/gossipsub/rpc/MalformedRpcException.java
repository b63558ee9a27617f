package io.gsnode.gossipsub.rpc;

/** An RPC frame that does not decode, or breaks a rule the decoder enforces (sizes, counts). */
public final class MalformedRpcException extends RuntimeException {

    public MalformedRpcException(String message) {
        super(message);
    }

    public MalformedRpcException(String message, Throwable cause) {
        super(message, cause);
    }
}
