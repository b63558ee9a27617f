package io.gsnode.libp2p.protobuf;

/** Input that is not a well-formed protobuf message; the message says where and why. */
public final class MalformedProtobufException extends IllegalArgumentException {

    public MalformedProtobufException(String message) {
        super(message);
    }
}
