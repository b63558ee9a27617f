package io.gsnode.gossipsub;

import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.rpc.RpcEncoder;
import io.gsnode.libp2p.peer.PeerId;
import io.netty.buffer.ByteBuf;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The recent messages we can serve and announce: {@code historyLength} windows, shifted once per
 * heartbeat; IHAVE gossip covers the newest {@code historyGossip} of them. Router thread only.
 */
final class MessageCache {

    static final class Entry {
        final MessageId id;
        final PubMessage message;
        private final Map<PeerId, Integer> served = new HashMap<>();
        /** The message as an RPC's publish entry, encoded at its first IWANT answer; null before. */
        private ByteBuf encoded;

        Entry(MessageId id, PubMessage message) {
            this.id = id;
            this.message = message;
        }

        /**
         * The message as an RPC's publish entry, encoded once however many peers ask for it: each
         * answer's frame holds a reference, not a copy, so answers to many peers hold its bytes
         * once (14 peers asking for the same messages pinned 488 MiB of direct memory in copies).
         */
        ByteBuf publishEntry() {
            if (encoded == null) encoded = RpcEncoder.encodePublishEntry(message);
            return encoded;
        }

        /** Counts one more IWANT answer to {@code peer} and returns the new count. */
        int serve(PeerId peer) {
            return served.merge(peer, 1, Integer::sum);
        }
    }

    private final int historyGossip;
    private final Deque<List<Entry>> windows = new ArrayDeque<>();
    private final Map<MessageId, Entry> byId = new HashMap<>();

    MessageCache(int historyLength, int historyGossip) {
        this.historyGossip = historyGossip;
        for (int i = 0; i < historyLength; i++) windows.addLast(new ArrayList<>());
    }

    void put(MessageId id, PubMessage message) {
        if (byId.containsKey(id)) return;
        Entry e = new Entry(id, message);
        byId.put(id, e);
        windows.peekFirst().add(e);
    }

    Entry get(MessageId id) {
        return byId.get(id);
    }

    /** Ids of {@code topic} in the newest gossip windows, oldest first within each window. */
    List<MessageId> gossipIds(String topic) {
        List<MessageId> ids = new ArrayList<>();
        int i = 0;
        for (List<Entry> w : windows) {
            if (i++ >= historyGossip) break;
            for (Entry e : w) {
                if (e.message.topic().equals(topic)) ids.add(e.id);
            }
        }
        return ids;
    }

    /** Drops the oldest window and opens a new one; called at the end of each heartbeat. */
    void shift() {
        for (Entry e : windows.removeLast()) byId.remove(e.id);
        windows.addFirst(new ArrayList<>());
    }

    int size() {
        return byId.size();
    }
}
