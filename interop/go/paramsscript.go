package main

// params.json of the gossipsub-interop harness: {"script":[instruction...]},
// each instruction an object with a "type". Everything is checked here,
// before the node listens, so that a broken file costs one line on stderr
// and exit 2 rather than a half-run node. Required fields are those without
// a default in the harness's Python model (script_instruction.py).

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	pubsub "github.com/libp2p/go-libp2p-pubsub"
)

// scriptStep is one decoded instruction.
type scriptStep interface{ stepName() string }

type initGossipStep struct{ params pubsub.GossipSubParams }

type onNodeStep struct {
	node int
	then scriptStep
}

type connectStep struct{ nodes []int }

type subscribeStep struct {
	topic   string
	partial bool
}

type validationDelayStep struct {
	topic string
	delay time.Duration
}

type waitUntilStep struct{ elapsed time.Duration }

type publishStep struct {
	topic string
	id    uint64
	size  int
}

type addPartialStep struct {
	topic string
	group uint64
	parts uint8
}

type publishPartialStep struct {
	topic string
	group uint64
	nodes []int // empty: every peer the extension tracks for the group
}

func (initGossipStep) stepName() string      { return "initGossipSub" }
func (onNodeStep) stepName() string          { return "ifNodeIDEquals" }
func (connectStep) stepName() string         { return "connect" }
func (subscribeStep) stepName() string       { return "subscribeToTopic" }
func (validationDelayStep) stepName() string { return "setTopicValidationDelay" }
func (waitUntilStep) stepName() string       { return "waitUntil" }
func (publishStep) stepName() string         { return "publish" }
func (addPartialStep) stepName() string      { return "addPartialMessage" }
func (publishPartialStep) stepName() string  { return "publishPartial" }

// The smallest publish: the message id takes the first 8 bytes.
const minMessageSize = 8

// parseScript decodes a whole params.json. Warnings (keys it does not know)
// are for stderr; an error means the file is refused.
func parseScript(data []byte) ([]scriptStep, []string, error) {
	top, err := readFields("params", data)
	if err != nil {
		return nil, nil, err
	}
	var raws []json.RawMessage
	if err := top.need("script", &raws); err != nil {
		return nil, nil, err
	}
	warnings := top.unknown()
	steps := make([]scriptStep, 0, len(raws))
	for i, raw := range raws {
		step, w, err := parseStep(fmt.Sprintf("script[%d]", i), raw)
		warnings = append(warnings, w...)
		if err != nil {
			return nil, warnings, err
		}
		steps = append(steps, step)
	}
	return steps, warnings, nil
}

func parseStep(where string, raw json.RawMessage) (scriptStep, []string, error) {
	f, err := readFields(where, raw)
	if err != nil {
		return nil, nil, err
	}
	var kind string
	if err := f.need("type", &kind); err != nil {
		return nil, nil, err
	}
	f.where = where + " (" + kind + ")"
	var step scriptStep
	var nested []string
	switch kind {
	case "initGossipSub":
		var rawParams json.RawMessage
		if err = f.need("gossipSubParams", &rawParams); err == nil {
			var params pubsub.GossipSubParams
			params, nested, err = decodeGossipParams(rawParams)
			for i := range nested {
				nested[i] = f.where + ": " + nested[i]
			}
			if err != nil {
				err = fmt.Errorf("%s: gossipSubParams.%v", f.where, err)
			}
			step = initGossipStep{params}
		}
	case "ifNodeIDEquals":
		var s onNodeStep
		var inner json.RawMessage
		err = firstError(f.need("nodeID", &s.node), f.need("instruction", &inner))
		if err == nil {
			err = f.notNegative("nodeID", int64(s.node))
		}
		if err == nil {
			s.then, nested, err = parseStep(where+".instruction", inner)
		}
		step = s
	case "connect":
		var s connectStep
		err = f.need("connectTo", &s.nodes)
		for _, n := range s.nodes {
			if err == nil {
				err = f.notNegative("connectTo", int64(n))
			}
		}
		step = s
	case "subscribeToTopic":
		var s subscribeStep
		err = firstError(f.need("topicID", &s.topic), f.maybe("partial", &s.partial))
		step = s
	case "setTopicValidationDelay":
		var s validationDelayStep
		var seconds float64
		err = firstError(f.need("topicID", &s.topic), f.need("delaySeconds", &seconds))
		if err == nil {
			s.delay, err = f.seconds("delaySeconds", seconds)
		}
		step = s
	case "waitUntil":
		var s waitUntilStep
		var seconds float64
		err = f.need("elapsedSeconds", &seconds)
		if err == nil {
			s.elapsed, err = f.seconds("elapsedSeconds", seconds)
		}
		step = s
	case "publish":
		var s publishStep
		err = firstError(f.need("messageID", &s.id), f.need("messageSizeBytes", &s.size), f.need("topicID", &s.topic))
		if err == nil && s.size < minMessageSize {
			err = fmt.Errorf("%s: messageSizeBytes must be at least %d, was %d", f.where, minMessageSize, s.size)
		}
		step = s
	case "addPartialMessage":
		var s addPartialStep
		err = firstError(f.need("parts", &s.parts), f.need("topicID", &s.topic), f.need("groupID", &s.group))
		step = s
	case "publishPartial":
		var s publishPartialStep
		err = firstError(f.need("topicID", &s.topic), f.need("groupID", &s.group), f.maybe("publishToNodeIDs", &s.nodes))
		for _, n := range s.nodes {
			if err == nil {
				err = f.notNegative("publishToNodeIDs", int64(n))
			}
		}
		step = s
	default:
		return nil, nil, fmt.Errorf("%s: unknown instruction type %q", where, kind)
	}
	warnings := append(f.unknown(), nested...)
	if err != nil {
		return nil, warnings, err
	}
	return step, warnings, nil
}

// jsonFields is one JSON object being read field by field; what was never
// read is reported as unknown.
type jsonFields struct {
	where  string
	fields map[string]json.RawMessage
	read   map[string]bool
}

func openObject(raw json.RawMessage) (map[string]json.RawMessage, error) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return nil, errors.New("want a JSON object")
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(trimmed, &fields); err != nil {
		return nil, err
	}
	return fields, nil
}

func readFields(where string, raw json.RawMessage) (*jsonFields, error) {
	fields, err := openObject(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", where, err)
	}
	return &jsonFields{where: where, fields: fields, read: map[string]bool{}}, nil
}

// need decodes a field that must be present and not null.
func (f *jsonFields) need(name string, into any) error {
	raw, ok := f.fields[name]
	f.read[name] = true
	if !ok || string(bytes.TrimSpace(raw)) == "null" {
		return fmt.Errorf("%s: missing field %q", f.where, name)
	}
	return f.decode(name, raw, into)
}

// maybe decodes a field that may be absent or null, leaving into as it was.
func (f *jsonFields) maybe(name string, into any) error {
	raw, ok := f.fields[name]
	f.read[name] = true
	if !ok || string(bytes.TrimSpace(raw)) == "null" {
		return nil
	}
	return f.decode(name, raw, into)
}

func (f *jsonFields) decode(name string, raw json.RawMessage, into any) error {
	if err := json.Unmarshal(raw, into); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return fmt.Errorf("%s: field %q: %s does not fit %s", f.where, name, typeErr.Value, typeErr.Type)
		}
		return fmt.Errorf("%s: field %q: %v", f.where, name, err)
	}
	return nil
}

func (f *jsonFields) notNegative(name string, v int64) error {
	if v < 0 {
		return fmt.Errorf("%s: %s must not be negative, was %d", f.where, name, v)
	}
	return nil
}

func (f *jsonFields) seconds(name string, v float64) (time.Duration, error) {
	if v < 0 || v*float64(time.Second) >= math.MaxInt64 {
		return 0, fmt.Errorf("%s: %s must be from 0 to about 292 years, was %v", f.where, name, v)
	}
	return time.Duration(math.Round(v * float64(time.Second))), nil
}

func (f *jsonFields) unknown() []string {
	var out []string
	for name := range f.fields {
		if !f.read[name] {
			out = append(out, fmt.Sprintf("%s: unknown key %q ignored", f.where, name))
		}
	}
	slices.Sort(out)
	return out
}

// firstError keeps the refusal to one line: the first problem found.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
