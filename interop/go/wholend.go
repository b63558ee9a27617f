package main

// The whole-message arm (`wholend`, docs/arms.md §3.1–3.3, §3.8, §3.9, §4)
// as the Java nodes run it, so that go and Java nodes of one cell publish,
// identify, validate and count the same message:
//   - payload: Go's math/rand/v2 PCG "mainnet-like" bytes, seed 11 (PayloadGenerator);
//   - message data: SSZ single-field container (offset 4), snappy block format (GossipEncoding);
//   - message id: Prysm's 20-byte id over topic and decompressed data (PrysmMessageId);
//   - topic: the segment topic with the mainnet Fulu digest (Topics.segment());
//   - validator: only the cell's one message is accepted (CellMessages);
//   - completion: one distinct message, by SHA-256 of its data (DistinctMessages).

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"

	"github.com/golang/snappy"
	pb "github.com/libp2p/go-libp2p-pubsub/pb"
)

const (
	// wholeTopic is Topics.segment(): cc2c5cdb is mainnet's Fulu fork digest
	// as ForkDigest.mainnetFulu() computes it (UNCONFIRMED against Prysm, but
	// every node of a cell only has to agree).
	wholeTopic = "/eth2/cc2c5cdb/execution_payload_segment/ssz_snappy"

	measuredPayloadSeed = 11
	mainnetPaddedFrac   = 0.41
	payloadWordBytes    = 32
	paddedValueBytes    = 3
	mixedSeedXor        = 0x2545f4914f6cdd1d

	// maxGossipPayload is Prysm's MaxPayloadSize (GossipEncoding.MAX_PAYLOAD_SIZE).
	maxGossipPayload = 10 * 1024 * 1024
	prysmIDLen       = 20
)

// mainnetLikePayload is PayloadGenerator.mainnetLike(length, seed): per
// 32-byte word one Float64 draw; below 0.41 only the word's last three bytes
// are random (filled from the end backwards), otherwise all of them; each
// random byte is the low byte of a Uint32 draw.
func mainnetLikePayload(length int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, seed^mixedSeedXor))
	out := make([]byte, length)
	for off := 0; off < length; off += payloadWordBytes {
		end := min(off+payloadWordBytes, length)
		if rng.Float64() < mainnetPaddedFrac {
			for i := end - 1; i >= end-min(paddedValueBytes, end-off); i-- {
				out[i] = byte(rng.Uint32())
			}
		} else {
			for i := off; i < end; i++ {
				out[i] = byte(rng.Uint32())
			}
		}
	}
	return out
}

// encodeGossip is GossipEncoding.encode: SSZ body (u32 LE offset 4, then
// the field) compressed with snappy's block format.
func encodeGossip(field []byte) []byte {
	body := make([]byte, 4+len(field))
	binary.LittleEndian.PutUint32(body, 4)
	copy(body[4:], field)
	return snappy.Encode(nil, body)
}

// prysmMessageID is PrysmMessageId.messageId: the first 20 bytes of
// SHA-256(domain ‖ u64 LE len(topic) ‖ topic ‖ content), content being the
// snappy-decoded data under domain 0x01000000, or the raw data under
// 0x00000000 when it does not decode within 10 MiB.
func prysmMessageID(topic string, data []byte) []byte {
	domain := []byte{1, 0, 0, 0}
	content := data
	decoded, err := decodeBounded(data)
	if err == nil {
		content = decoded
	} else {
		domain = []byte{0, 0, 0, 0}
		if 4+8+len(topic)+len(data) > maxGossipPayload {
			// Prysm's "should never happen" id: "invalid" and zeros.
			id := make([]byte, prysmIDLen)
			copy(id, "invalid")
			return id
		}
	}
	h := sha256.New()
	h.Write(domain)
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(topic)))
	h.Write(n[:])
	h.Write([]byte(topic))
	h.Write(content)
	return h.Sum(nil)[:prysmIDLen]
}

type errTooLarge struct{}

func (errTooLarge) Error() string { return "snappy: decoded length over the max payload size" }

// decodeBounded decodes a snappy block, refusing one that claims more than
// maxGossipPayload bytes before allocating for it.
func decodeBounded(data []byte) ([]byte, error) {
	n, err := snappy.DecodedLen(data)
	if err != nil {
		return nil, err
	}
	if n > maxGossipPayload {
		return nil, errTooLarge{}
	}
	return snappy.Decode(nil, data)
}

// pubsubMessageID is the router's id function (pubsub.WithMessageIdFn).
func pubsubMessageID(m *pb.Message) string {
	return string(prysmMessageID(m.GetTopic(), m.GetData()))
}

// wholeArm is the measured message of a cell: every node derives it from
// the payload size, so every node knows the one id its validator accepts.
type wholeArm struct {
	data []byte // the encoded message (what is published)
	id   string // its Prysm id
}

func newWholeArm(payloadBytes int) *wholeArm {
	data := encodeGossip(mainnetLikePayload(payloadBytes, measuredPayloadSeed))
	return &wholeArm{data: data, id: string(prysmMessageID(wholeTopic, data))}
}

// wireForm is the record's wire_form (docs/arms.md §3.3): 1 message, need 1,
// unit 0, the encoded size, 20-byte ids.
func (a *wholeArm) wireForm() wireForm {
	return wireForm{Msgs: 1, Need: 1, Unit: 0, Total: int64(len(a.data)), IDBytes: len(a.id)}
}
