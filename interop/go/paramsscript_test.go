package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	pubsub "github.com/libp2p/go-libp2p-pubsub"
)

// A 4-node dry run of the harness's subnet-blob-msg scenario.
const dryRunScript = `{"script":[{"type":"ifNodeIDEquals","nodeID":0,"instruction":{"type":"initGossipSub","gossipSubParams":{"HeartbeatInitialDelay":100100000}}},{"type":"setTopicValidationDelay","topicID":"a-subnet","delaySeconds":0.005},{"type":"ifNodeIDEquals","nodeID":0,"instruction":{"type":"connect","connectTo":[1,2,3]}},{"type":"subscribeToTopic","topicID":"a-subnet","partial":false},{"type":"waitUntil","elapsedSeconds":120},{"type":"ifNodeIDEquals","nodeID":1,"instruction":{"type":"publish","messageID":0,"messageSizeBytes":98304,"topicID":"a-subnet"}}]}`

func TestParseDryRunScript(t *testing.T) {
	steps, warnings, err := parseScript([]byte(dryRunScript))
	if err != nil || len(warnings) != 0 {
		t.Fatalf("%v %q", err, warnings)
	}
	params := pubsub.DefaultGossipSubParams()
	params.HeartbeatInitialDelay = 100100 * time.Microsecond
	want := []scriptStep{
		onNodeStep{0, initGossipStep{params}},
		validationDelayStep{"a-subnet", 5 * time.Millisecond},
		onNodeStep{0, connectStep{[]int{1, 2, 3}}},
		subscribeStep{"a-subnet", false},
		waitUntilStep{120 * time.Second},
		onNodeStep{1, publishStep{topic: "a-subnet", id: 0, size: 98304}},
	}
	if !reflect.DeepEqual(steps, want) {
		t.Fatalf("got  %+v\nwant %+v", steps, want)
	}
}

func TestParsePartialInstructions(t *testing.T) {
	script := `{"script":[
		{"type":"subscribeToTopic","topicID":"partial-msg-chain","partial":true},
		{"type":"subscribeToTopic","topicID":"t"},
		{"type":"addPartialMessage","parts":255,"topicID":"a-subnet","groupID":18446744073709551615},
		{"type":"publishPartial","topicID":"a-subnet","groupID":7},
		{"type":"publishPartial","topicID":"a-subnet","groupID":7,"publishToNodeIDs":null},
		{"type":"publishPartial","topicID":"a-subnet","groupID":7,"publishToNodeIDs":[1,2,3,4,5,6,7]}]}`
	steps, warnings, err := parseScript([]byte(script))
	if err != nil || len(warnings) != 0 {
		t.Fatalf("%v %q", err, warnings)
	}
	want := []scriptStep{
		subscribeStep{"partial-msg-chain", true},
		subscribeStep{"t", false},
		addPartialStep{"a-subnet", 1<<64 - 1, 255},
		publishPartialStep{"a-subnet", 7, nil},
		publishPartialStep{"a-subnet", 7, nil},
		publishPartialStep{"a-subnet", 7, []int{1, 2, 3, 4, 5, 6, 7}},
	}
	if !reflect.DeepEqual(steps, want) {
		t.Fatalf("got  %+v\nwant %+v", steps, want)
	}
}

func TestGossipParamsNanosecondsAndDefaults(t *testing.T) {
	params, warnings, err := decodeGossipParams(json.RawMessage(`{"HeartbeatInitialDelay":100100000,"HeartbeatInterval":1.5e9,
		"FanoutTTL":2500000.4,"D":8,"Dlo":6.0,"GossipFactor":0,"Dlazy":0,"IDontWantMessageTTL":5,"OpportunisticGraftTicks":30,"PruneBackoff":null}`))
	if err != nil || len(warnings) != 0 {
		t.Fatalf("%v %q", err, warnings)
	}
	want := pubsub.DefaultGossipSubParams()
	want.HeartbeatInitialDelay = 100_100_000
	want.HeartbeatInterval = 1_500_000_000
	want.FanoutTTL = 2_500_000
	want.D, want.Dlo, want.GossipFactor, want.Dlazy = 8, 6, 0, 0
	want.IDontWantMessageTTL = 5
	want.OpportunisticGraftTicks = 30
	if !reflect.DeepEqual(params, want) {
		t.Fatalf("got  %+v\nwant %+v", params, want)
	}
	empty, _, err := decodeGossipParams(json.RawMessage(`{}`))
	if err != nil || !reflect.DeepEqual(empty, pubsub.DefaultGossipSubParams()) {
		t.Fatalf("absent keys do not keep go's defaults: %+v %v", empty, err)
	}
}

// Every GossipSubParams field can be set by its go name, and no other name
// is taken.
func TestGossipParamsCoverEveryField(t *testing.T) {
	fields := reflect.TypeFor[pubsub.GossipSubParams]()
	if fields.NumField() != len(gossipFields) {
		t.Errorf("GossipSubParams has %d fields, %d are decoded", fields.NumField(), len(gossipFields))
	}
	for i := range fields.NumField() {
		if _, ok := gossipFields[fields.Field(i).Name]; !ok {
			t.Errorf("field %s is not decoded", fields.Field(i).Name)
		}
	}
}

func TestUnknownKeysWarn(t *testing.T) {
	script := `{"script":[{"type":"initGossipSub","gossipSubParams":{"D":6,"Dfoo":1}},{"type":"waitUntil","elapsedSeconds":1,"note":"x"}],"seed":1}`
	steps, warnings, err := parseScript([]byte(script))
	if err != nil || len(steps) != 2 {
		t.Fatalf("%v %d steps", err, len(steps))
	}
	joined := strings.Join(warnings, "\n")
	for _, key := range []string{`"Dfoo"`, `"note"`, `"seed"`} {
		if !strings.Contains(joined, key) {
			t.Errorf("no warning for %s in %q", key, warnings)
		}
	}
}

func TestMalformedScriptsRefused(t *testing.T) {
	cases := map[string]string{
		`not json`:                      "",
		`[]`:                            "JSON object",
		`{}`:                            `"script"`,
		`{"script":{}}`:                 `"script"`,
		`{"script":[{"type":"dance"}]}`: `unknown instruction type "dance"`,
		`{"script":[{"topicID":"t"}]}`:  `"type"`,
		`{"script":[{"type":"publish","messageID":1,"topicID":"t"}]}`:                           `"messageSizeBytes"`,
		`{"script":[{"type":"publish","messageID":1,"messageSizeBytes":7,"topicID":"t"}]}`:      "at least 8",
		`{"script":[{"type":"publish","messageID":-1,"messageSizeBytes":8,"topicID":"t"}]}`:     `"messageID"`,
		`{"script":[{"type":"connect"}]}`:                                                       `"connectTo"`,
		`{"script":[{"type":"connect","connectTo":[1,-2]}]}`:                                    "negative",
		`{"script":[{"type":"ifNodeIDEquals","nodeID":1}]}`:                                     `"instruction"`,
		`{"script":[{"type":"ifNodeIDEquals","nodeID":1,"instruction":{"type":"nap"}}]}`:        `script[0].instruction: unknown instruction type "nap"`,
		`{"script":[{"type":"initGossipSub"}]}`:                                                 `"gossipSubParams"`,
		`{"script":[{"type":"initGossipSub","gossipSubParams":{"D":"6"}}]}`:                     "D: want a number",
		`{"script":[{"type":"initGossipSub","gossipSubParams":{"D":6.5}}]}`:                     "whole number",
		`{"script":[{"type":"initGossipSub","gossipSubParams":{"HeartbeatInterval":-1}}]}`:      "HeartbeatInterval",
		`{"script":[{"type":"initGossipSub","gossipSubParams":[]}]}`:                            "JSON object",
		`{"script":[{"type":"addPartialMessage","parts":256,"topicID":"t","groupID":1}]}`:       `"parts"`,
		`{"script":[{"type":"addPartialMessage","parts":1,"topicID":"t"}]}`:                     `"groupID"`,
		`{"script":[{"type":"publishPartial","topicID":"t","groupID":1,"publishToNodeIDs":3}]}`: `"publishToNodeIDs"`,
		`{"script":[{"type":"subscribeToTopic","partial":true}]}`:                               `"topicID"`,
		`{"script":[{"type":"subscribeToTopic","topicID":"t","partial":"yes"}]}`:                `"partial"`,
		`{"script":[{"type":"setTopicValidationDelay","topicID":"t"}]}`:                         `"delaySeconds"`,
		`{"script":[{"type":"waitUntil","elapsedSeconds":-3}]}`:                                 "elapsedSeconds",
		`{"script":[{"type":"waitUntil"}]}`:                                                     `"elapsedSeconds"`,
	}
	for script, want := range cases {
		_, _, err := parseScript([]byte(script))
		switch {
		case err == nil:
			t.Errorf("%s: accepted", script)
		case !strings.Contains(err.Error(), want):
			t.Errorf("%s: %q does not mention %s", script, err, want)
		case strings.Contains(err.Error(), "\n"):
			t.Errorf("%s: refusal is not one line: %q", script, err)
		}
	}
}
