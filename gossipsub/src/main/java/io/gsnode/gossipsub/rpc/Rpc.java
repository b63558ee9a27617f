package io.gsnode.gossipsub.rpc;

import java.util.List;

/**
 * One gossipsub RPC (docs/wire.md §7.3): what a peer writes, uvarint-prefixed, on its long-lived
 * outbound stream. Every part may be empty; {@code control} and {@code partial} may be null.
 */
public record Rpc(List<SubOpts> subscriptions, List<PubMessage> publish, ControlMessage control,
                  PartialMessage partial) {

    public Rpc {
        subscriptions = List.copyOf(subscriptions);
        publish = List.copyOf(publish);
    }

    public static Rpc ofPublish(PubMessage message) {
        return new Rpc(List.of(), List.of(message), null, null);
    }

    public static Rpc ofControl(ControlMessage control) {
        return new Rpc(List.of(), List.of(), control, null);
    }

    public boolean isEmpty() {
        return subscriptions.isEmpty() && publish.isEmpty() && (control == null || control.isEmpty())
                && partial == null;
    }
}
