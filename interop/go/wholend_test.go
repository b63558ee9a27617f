package main

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// Known answers printed by the Java code itself: testdata/KnownAnswers.java,
// run as `java -cp gsnode.jar testdata/KnownAnswers.java` against the jar's
// PayloadGenerator, GossipEncoding, PrysmMessageId, Topics and Ed25519.fromIndex.
var javaWhole = []struct {
	payload        int
	payloadSHA     string
	encodedLen     int
	encodedSHA, id string
}{
	{1, "956062137518b270d730d4753000896de17c100a42f9e24f5acee2faa75d5fdd", 7, "a8d01fb792a648a9e3a7fac217d2330bb015a59c0f3509ca7229bed6d1259821", "64490651cf3299a8412708276afeeab109276f9f"},
	{31, "b093adb55b2cc5fd2a77495bec811453f0c57a4c6467b59e45d2e6401581b879", 37, "a55244f1dfe965dc52337a1443b8c193635d3f3925afbf8ce86518eed00c3116", "3cd32ac2d728120a21179a2f54cb510b9d5f7b0d"},
	{33, "7cf3a3aeed54f1f67c4a5bee2256e7c8cc6d34789bdc839ee28c5ea2a3c0a4b8", 39, "e26366da0c80ba7f3e76f2eeb18969632f48b0857e876ae380c8884e48d3480d", "7f259b5d99da14bb729e0569341d1f7809839d2f"},
	{1000, "4491307e1f1dea2b3ee3a1e26a6dbec042051f16559bedf6d796bbffcf860f1f", 628, "2d91425f91dde3c2c3caf69379b4d5a8f777b036e0f36923b3909e5123374fb6", "d46ceec6616f800cd1ec89268ffe1b6fc3130296"},
	{1048576, "a65319f52fa92ca0283543265ec1a9e44b23487bcaa49d82cad231bd9d0ebe32", 745886, "a7cc562baef542427248d328c7d961d13e99db39822d40891d3ed66bb3b794ef", "c99d3093780aeb3d392031bffc6e3a48b6e4f7a3"},
}

func hexSHA(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func TestWholeMessageMatchesJava(t *testing.T) {
	for _, c := range javaWhole {
		payload := mainnetLikePayload(c.payload, measuredPayloadSeed)
		if got := hexSHA(payload); got != c.payloadSHA {
			t.Errorf("P=%d: payload sha256 %s, Java %s", c.payload, got, c.payloadSHA)
		}
		arm := newWholeArm(c.payload)
		if len(arm.data) != c.encodedLen || hexSHA(arm.data) != c.encodedSHA {
			t.Errorf("P=%d: encoded %d bytes sha256 %s, Java %d bytes %s", c.payload, len(arm.data), hexSHA(arm.data), c.encodedLen, c.encodedSHA)
		}
		if got := hex.EncodeToString([]byte(arm.id)); got != c.id {
			t.Errorf("P=%d: message id %s, Java %s", c.payload, got, c.id)
		}
		if wf := arm.wireForm(); wf != (wireForm{Msgs: 1, Need: 1, Unit: 0, Total: int64(c.encodedLen), IDBytes: 20}) {
			t.Errorf("P=%d: wire form %+v", c.payload, wf)
		}
	}
}

func TestUndecodableMessageIDMatchesJava(t *testing.T) {
	got := hex.EncodeToString(prysmMessageID(wholeTopic, []byte{1, 2, 3, 0xff}))
	if want := "b1844ed2d32240f6597d4564db671035d67cab6a"; got != want {
		t.Fatalf("id %s, Java %s", got, want)
	}
}
