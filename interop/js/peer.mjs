// js-libp2p interop peer for gsnode. Contract: ../PEER-PROTOCOL.md
// Run with: node --import ./polyfill.mjs peer.mjs ARGS   (or ./jspeer ARGS)
// stdout carries only JSON-lines events; everything else goes to stderr.

import { createHash, randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { createLibp2p } from 'libp2p'
import { tcp } from '@libp2p/tcp'
import { quic } from '@chainsafe/libp2p-quic'
import { noise } from '@chainsafe/libp2p-noise'
import { yamux } from '@chainsafe/libp2p-yamux'
import { identify } from '@libp2p/identify'
import { ping } from '@libp2p/ping'
import { gossipsub } from '@chainsafe/libp2p-gossipsub'
import { StrictNoSign } from '@libp2p/interface'
import { generateKeyPair, generateKeyPairFromSeed } from '@libp2p/crypto/keys'
import { multiaddr } from '@multiformats/multiaddr'
import { byteStream } from 'it-byte-stream'

const TRANSFER_PROTOCOL = '/gsnode/transfer/1.0.0'
const ECHO_PROTOCOL = '/gsnode/echo/1.0.0'
const PING_PROTOCOL = '/ipfs/ping/1.0.0'
const CHUNK = 64 * 1024
const P2P_CODE = 421 // multicodec of /p2p
// Gossipsub: the largest RPC we accept (Ethereum's max_message_size()), and
// the smallest message data that makes us send IDONTWANT to our mesh peers.
const MAX_RPC_SIZE = 12_234_442
const IDONTWANT_MIN_DATA = 1024
const MESH_POLL_MS = 100

// Set once shutdown begins (--seconds ran out, or SIGTERM/SIGINT). A stream
// that ends because we are closing our own connections is not a real EOF.
let finishing = false

const USAGE = `usage: jspeer [--listen MULTIADDR]... [--dial MULTIADDR]... [--ping N] [--send BYTES]
              [--echo BYTES] [--key-seed S] [--seconds S] [--subscribe TOPIC]...
              [--publish TOPIC --size BYTES [--count N] [--interval MS] [--after MS]]
              [--heartbeat-ms MS]
  --listen MULTIADDR  repeatable; /ip4/A/tcp/P or /ip4/A/udp/P/quic-v1 (port 0 = any free port)
  --dial MULTIADDR    repeatable; full address ending in /p2p/<peer id>; dialled in order
  --ping N            after each dial, N pings on one /ipfs/ping/1.0.0 stream
  --send BYTES        after each dial (and pings), one /gsnode/transfer/1.0.0 stream of BYTES bytes
  --echo BYTES        after each dial (and pings, send), one /gsnode/echo/1.0.0 stream of BYTES bytes
  --key-seed S        deterministic Ed25519 key: seed = S (uint64) little-endian in bytes 0..7
  --seconds S         after the last action (dials and publishes) stay up S seconds, then exit
                      (default: until SIGTERM/SIGINT)
  --subscribe TOPIC   repeatable; join gossipsub topic TOPIC right after listening, before dialling
  --publish TOPIC     publish --count messages of --size random bytes on TOPIC (fanout if not joined)
  --size BYTES        size of each published message, >= 1 (required with --publish)
  --count N           number of messages to publish, >= 1 (default 1; only with --publish)
  --interval MS       milliseconds between two publishes (default 1000; only with --publish)
  --after MS          first publish MS ms after the process started (default 0; only with --publish)
  --heartbeat-ms MS   gossipsub heartbeat interval in ms, >= 1 (default 700)
Events: JSON lines on stdout. Exit: 0 ok, 1 an action failed, 2 bad usage.`

// ---------------------------------------------------------------- output

function emit (obj) {
  // process.stdout is synchronous for files and pipes on Linux, so each
  // line is flushed when write returns.
  process.stdout.write(JSON.stringify(obj) + '\n')
}

function log (...args) {
  process.stderr.write('[jspeer] ' + args.map(a => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ') + '\n')
}

function usageError (msg) {
  process.stderr.write(`jspeer: ${msg}\n${USAGE}\n`)
  process.exit(2)
}

// ---------------------------------------------------------------- args

const RE_LISTEN_TCP = /^\/ip4\/(\d{1,3}(?:\.\d{1,3}){3})\/tcp\/(\d{1,5})$/
const RE_LISTEN_QUIC = /^\/ip4\/(\d{1,3}(?:\.\d{1,3}){3})\/udp\/(\d{1,5})\/quic-v1$/
const RE_DIAL = /^\/ip4\/(\d{1,3}(?:\.\d{1,3}){3})\/(?:tcp\/(\d{1,5})|udp\/(\d{1,5})\/quic-v1)\/p2p\/([1-9A-HJ-NP-Za-km-z]+)$/

function validIp4 (s) {
  return s.split('.').every(o => Number(o) <= 255 && String(Number(o)) === o)
}

function validPort (s, allowZero) {
  const n = Number(s)
  return String(n) === s && n <= 65535 && (allowZero || n > 0)
}

function parseUint (flag, s) {
  if (s == null || !/^\d+$/.test(s)) usageError(`${flag} needs a non-negative integer, got ${JSON.stringify(s)}`)
  const n = Number(s)
  if (!Number.isSafeInteger(n)) usageError(`${flag} value too large: ${s}`)
  return n
}

function parseArgs (argv) {
  const o = {
    listen: [],
    dial: [],
    ping: 0,
    send: null,
    echo: null,
    keySeed: null,
    seconds: null,
    subscribe: [],
    publish: null,
    size: null,
    count: 1,
    interval: 1000,
    after: 0,
    heartbeatMs: 700
  }
  const seen = new Set()
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const val = argv[i + 1]
    const needVal = () => {
      if (val == null) usageError(`${flag} needs a value`)
      i++
      return val
    }
    const once = () => {
      if (seen.has(flag)) usageError(`${flag} given more than once`)
      seen.add(flag)
    }
    switch (flag) {
      case '--listen': {
        const v = needVal()
        let m = RE_LISTEN_TCP.exec(v) ?? RE_LISTEN_QUIC.exec(v)
        if (m == null || !validIp4(m[1]) || !validPort(m[2], true)) usageError(`bad --listen address: ${v}`)
        o.listen.push(v)
        break
      }
      case '--dial': {
        const v = needVal()
        const m = RE_DIAL.exec(v)
        if (m == null || !validIp4(m[1]) || !validPort(m[2] ?? m[3], false)) usageError(`bad --dial address: ${v}`)
        try { multiaddr(v) } catch (err) { usageError(`bad --dial address: ${v}: ${err.message}`) }
        o.dial.push(v)
        break
      }
      case '--ping': once(); o.ping = parseUint(flag, needVal()); break
      case '--send': once(); o.send = parseUint(flag, needVal()); break
      case '--echo': once(); o.echo = parseUint(flag, needVal()); break
      case '--key-seed': {
        once()
        const v = needVal()
        if (!/^\d+$/.test(v)) usageError(`--key-seed needs an unsigned 64-bit integer, got ${JSON.stringify(v)}`)
        const b = BigInt(v)
        if (b > 0xffffffffffffffffn) usageError(`--key-seed out of range: ${v}`)
        o.keySeed = b
        break
      }
      case '--seconds': {
        once()
        const v = needVal()
        if (!/^\d+(\.\d+)?$/.test(v)) usageError(`--seconds needs a non-negative number, got ${JSON.stringify(v)}`)
        o.seconds = Number(v)
        break
      }
      case '--subscribe': {
        const v = needVal()
        if (v === '') usageError('--subscribe needs a non-empty topic')
        if (!o.subscribe.includes(v)) o.subscribe.push(v) // joining twice is joining once
        break
      }
      case '--publish': {
        once()
        const v = needVal()
        if (v === '') usageError('--publish needs a non-empty topic')
        o.publish = v
        break
      }
      case '--size': once(); o.size = parseUint(flag, needVal()); break
      case '--count': once(); o.count = parseUint(flag, needVal()); break
      case '--interval': once(); o.interval = parseUint(flag, needVal()); break
      case '--after': once(); o.after = parseUint(flag, needVal()); break
      case '--heartbeat-ms': once(); o.heartbeatMs = parseUint(flag, needVal()); break
      default:
        usageError(`unknown argument: ${flag}`)
    }
  }
  if (o.publish == null) {
    for (const f of ['--size', '--count', '--interval', '--after']) {
      if (seen.has(f)) usageError(`${f} only goes with --publish`)
    }
  } else {
    if (o.size == null) usageError('--publish needs --size')
    if (o.size < 1) usageError('--size must be at least 1')
    if (o.count < 1) usageError('--count must be at least 1')
    // random payloads must give distinct ids: 256^size possible payloads
    if (o.size < 7 && o.count > 256 ** o.size) usageError(`--count ${o.count} exceeds the ${256 ** o.size} distinct payloads of --size ${o.size}`)
  }
  if (o.heartbeatMs < 1) usageError('--heartbeat-ms must be at least 1')
  return o
}

// ---------------------------------------------------------------- helpers

// PATTERN[k] = k % 251, long enough that any chunk of <= CHUNK bytes starting
// at offset o is PATTERN.subarray(o % 251, o % 251 + n). Never mutated.
const PATTERN = new Uint8Array(CHUNK + 251)
for (let k = 0; k < PATTERN.length; k++) PATTERN[k] = k % 251

function patternChunk (offset, n) {
  const s = offset % 251
  return PATTERN.subarray(s, s + n)
}

// Yields the pattern in chunks of at most CHUNK bytes; feeds each chunk to
// `hash` when given (so the digest is computed while sending, not up front).
async function * patternSource (total, hash) {
  for (let off = 0; off < total; off += CHUNK) {
    const chunk = patternChunk(off, Math.min(CHUNK, total - off))
    hash?.update(chunk)
    yield chunk
  }
}

// Iterate a libp2p stream source as plain Uint8Arrays (2.x yields Uint8ArrayList).
async function * bytesOf (source) {
  for await (const chunk of source) {
    if (chunk instanceof Uint8Array) {
      yield chunk
    } else {
      for (const b of chunk) yield b // Uint8ArrayList iterates its Uint8Array parts
    }
  }
}

// Re-chunk to at most CHUNK bytes per write.
async function * capChunks (source) {
  for await (const buf of source) {
    for (let off = 0; off < buf.length; off += CHUNK) {
      yield buf.subarray(off, Math.min(buf.length, off + CHUNK))
    }
  }
}

function stripP2p (ma) {
  try {
    return ma.decapsulateCode(P2P_CODE).toString()
  } catch {
    return ma.toString()
  }
}

function round3 (x) {
  return Math.round(x * 1000) / 1000
}

function errText (err) {
  if (err == null) return 'unknown error'
  const name = err.name && err.name !== 'Error' ? `${err.name}: ` : ''
  let msg = `${name}${err.message ?? String(err)}`
  if (Array.isArray(err.errors) && err.errors.length > 0) {
    msg += ' (' + err.errors.map(e => e?.message ?? String(e)).join('; ') + ')'
  }
  return msg
}

// ---------------------------------------------------------------- gossipsub

// Message id: the first 20 bytes of SHA-256 of the message data.
function msgId20 (data) {
  return Uint8Array.from(createHash('sha256').update(data).digest().subarray(0, 20))
}

function hex (bytes) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')
}

// Unix wall-clock time in float milliseconds (Date.now() with sub-ms precision).
function wallMs () {
  return round3(performance.timeOrigin + performance.now())
}

function emptyCounts () {
  return { publish: 0, ihave: 0, iwant: 0, idontwant: 0, graft: 0, prune: 0 }
}

// Counts of the gossipsub RPCs this node encoded for a peer (sent) and decoded
// from a peer (received), fed by the library's metrics hook (see gossipCounting).
const gossipCounters = { sent: emptyCounts(), received: emptyCounts(), duplicates: 0 }

// Contract keys: publish = message entries; ihave, iwant, idontwant = message
// ids; graft, prune = topics (one control entry per topic).
function countRpc (into, rpc) {
  into.publish += rpc.messages?.length ?? 0
  const c = rpc.control
  if (c == null) return
  for (const e of c.ihave ?? []) into.ihave += e.messageIDs?.length ?? 0
  for (const e of c.iwant ?? []) into.iwant += e.messageIDs?.length ?? 0
  for (const e of c.idontwant ?? []) into.idontwant += e.messageIDs?.length ?? 0
  into.graft += c.graft?.length ?? 0
  into.prune += c.prune?.length ?? 0
}

// A MetricsRegister whose gauges, histograms and avg/min/max metrics do
// nothing. Passing one makes the library build its metrics object, whose
// onRpcSent / onRpcRecv / onPrevalidationResult hooks gossipCounting() then
// replaces with exact counters.
const NOOP_REGISTER = {
  gauge: () => ({ inc () {}, set () {}, addCollect () {} }),
  histogram: () => ({ startTimer: () => () => {}, observe () {}, reset () {} }),
  avgMinMax: () => ({ set () {} })
}

// The library calls metrics.onRpcSent(rpc, bytes) once per peer for every RPC
// it encoded and queued on that peer's outbound stream (sendRpc after the
// gossip/control piggyback, sendRpcInBatch for publishes and IDONTWANT),
// metrics.onRpcRecv(rpc, bytes) for every RPC decoded from a peer, and
// metrics.onPrevalidationResult(topic, 'duplicate') for every received message
// entry whose id is already in the seen cache. Returns false (and counts
// nothing) if this version of the library has no such hooks.
function gossipCounting (gs) {
  const m = gs?.metrics
  if (m == null || typeof m.onRpcSent !== 'function' || typeof m.onRpcRecv !== 'function' ||
      typeof m.onPrevalidationResult !== 'function') {
    return false
  }
  m.onRpcSent = (rpc) => countRpc(gossipCounters.sent, rpc)
  m.onRpcRecv = (rpc) => countRpc(gossipCounters.received, rpc)
  m.onPrevalidationResult = (topic, status) => { if (status === 'duplicate') gossipCounters.duplicates++ }
  return true
}

function gossipsubService (heartbeatMs) {
  return gossipsub({
    globalSignaturePolicy: StrictNoSign,
    msgIdFn: (msg) => msgId20(msg.data),
    msgIdToStrFn: hex, // the library's string ids are then our hex ids
    // Only meshsub: /floodsub/1.0.0 is not in the contract's protocol list.
    fallbackToFloodsub: false,
    floodPublish: false,
    batchPublish: false,
    doPX: false,
    D: 8,
    Dlo: 6,
    Dhi: 12,
    Dlazy: 6,
    Dscore: 4,
    Dout: 2,
    gossipFactor: 0.25,
    mcacheLength: 6,
    mcacheGossip: 3,
    heartbeatInterval: heartbeatMs, // the first heartbeat runs 100 ms after start (library constant)
    idontwantMinDataSize: IDONTWANT_MIN_DATA,
    maxInboundDataLength: MAX_RPC_SIZE,
    emitSelf: false,
    allowPublishToZeroTopicPeers: true,
    // "Peer scoring off": js-gossipsub always keeps scores, so zero every weight
    // that could move a score away from 0 (no topic params, no IP colocation,
    // no behaviour penalty, no app score). Every peer then scores 0, above
    // every (negative) threshold, and opportunistic grafting never fires.
    scoreParams: {
      topics: {},
      appSpecificWeight: 0,
      IPColocationFactorWeight: 0,
      behaviourPenaltyWeight: 0
    },
    metricsRegister: NOOP_REGISTER,
    metricsTopicStrToLabel: new Map()
  })
}

// ---------------------------------------------------------------- protocol handlers (responder side)

async function handleTransfer ({ stream, connection }) {
  const peer = connection.remotePeer.toString()
  const hash = createHash('sha256')
  let bytes = 0
  let first = null
  try {
    await stream.sink((async function * () {
      for await (const buf of bytesOf(stream.source)) {
        if (buf.length === 0) continue
        if (first == null) first = performance.now()
        bytes += buf.length
        hash.update(buf)
      }
      const end = performance.now()
      if (finishing) {
        log(`transfer from ${peer} cut short by our shutdown after ${bytes} bytes`)
        return
      }
      const digest = hash.digest()
      emit({
        event: 'received',
        peer_id: peer,
        protocol: TRANSFER_PROTOCOL,
        bytes,
        sha256: digest.toString('hex'),
        ms: round3(first == null ? 0 : end - first)
      })
      yield new Uint8Array(digest)
    })())
  } catch (err) {
    log(`transfer from ${peer} failed:`, err)
    stream.abort(err)
  }
}

async function handleEcho ({ stream, connection }) {
  const peer = connection.remotePeer.toString()
  try {
    await stream.sink(capChunks(bytesOf(stream.source)))
  } catch (err) {
    log(`echo for ${peer} failed:`, err)
    stream.abort(err)
  }
}

// ---------------------------------------------------------------- initiator actions

async function doPing (conn, n) {
  const peer = conn.remotePeer.toString()
  const stream = await conn.newStream(PING_PROTOCOL)
  const bs = byteStream(stream)
  try {
    for (let i = 0; i < n; i++) {
      const data = randomBytes(32)
      const t0 = performance.now()
      const [, reply] = await Promise.all([bs.write(data), bs.read({ bytes: 32, signal: AbortSignal.timeout(20_000) })])
      const rtt = performance.now() - t0
      if (!Buffer.from(reply.subarray()).equals(data)) throw new Error(`ping ${i + 1}: wrong payload echoed`)
      emit({ event: 'ping', peer_id: peer, rtt_ms: round3(rtt) })
    }
    await stream.close()
  } catch (err) {
    stream.abort(err)
    throw err
  }
}

async function doSend (conn, total) {
  const peer = conn.remotePeer.toString()
  const hash = createHash('sha256')
  const t0 = performance.now()
  const stream = await conn.newStream(TRANSFER_PROTOCOL)
  try {
    const reader = (async () => {
      const parts = []
      let n = 0
      for await (const buf of bytesOf(stream.source)) {
        parts.push(Buffer.from(buf))
        n += buf.length
      }
      return Buffer.concat(parts, n)
    })()
    await stream.sink(patternSource(total, hash)) // closes our write side when done
    const expected = hash.digest()
    const reply = await reader
    const ms = performance.now() - t0
    if (reply.length !== 32) {
      throw new Error(`expected a 32-byte SHA-256 digest back, got ${reply.length} bytes`)
    }
    const match = reply.equals(expected)
    emit({
      event: 'sent',
      peer_id: peer,
      protocol: TRANSFER_PROTOCOL,
      bytes: total,
      sha256: expected.toString('hex'),
      match,
      ms: round3(ms)
    })
    await stream.close().catch(() => {})
    if (!match) {
      throw new Error(`digest mismatch: receiver says ${reply.toString('hex')}, sent ${expected.toString('hex')}`)
    }
  } catch (err) {
    stream.abort(err)
    throw err
  }
}

async function doEcho (conn, total) {
  const peer = conn.remotePeer.toString()
  const t0 = performance.now()
  const stream = await conn.newStream(ECHO_PROTOCOL)
  try {
    const reader = (async () => {
      let got = 0
      let ok = true
      for await (const buf of bytesOf(stream.source)) {
        if (ok) {
          for (let k = 0; k < buf.length; k++) {
            if (got + k >= total || buf[k] !== (got + k) % 251) { ok = false; break }
          }
        }
        got += buf.length
      }
      return { got, ok: ok && got === total }
    })()
    await stream.sink(patternSource(total))
    const { got, ok } = await reader
    const ms = performance.now() - t0
    emit({ event: 'echo', peer_id: peer, bytes: total, ok, ms: round3(ms) })
    await stream.close().catch(() => {})
    if (!ok) throw new Error(`echo mismatch: sent ${total} bytes, got back ${got} (content ${got === total ? 'differs' : 'length differs'})`)
  } catch (err) {
    stream.abort(err)
    throw err
  }
}

// ---------------------------------------------------------------- publishing

const sleep = (ms) => new Promise(resolve => setTimeout(resolve, ms))

// Message k (0-based) goes out --after + k * --interval ms after process start
// (performance.now() counts from process start), so a slow publish does not
// shift the ones after it. `recipients` is the length of the list that the
// library's publish() returns: the peers (mesh, or fanout for a topic we did
// not join, plus direct peers) it queued the message for.
async function publishAll (gs, opts, onFail) {
  const topic = opts.publish
  const ids = new Set()
  for (let k = 0; k < opts.count; k++) {
    const wait = opts.after + k * opts.interval - performance.now()
    if (wait > 0) await sleep(wait)
    if (finishing) return
    // random data; tiny --size can repeat a payload, so draw again (parseArgs
    // made sure enough distinct payloads exist)
    let data, id, idHex
    for (;;) {
      data = randomBytes(opts.size)
      id = msgId20(data)
      idHex = hex(id)
      if (!ids.has(idHex)) break
    }
    ids.add(idHex)
    const t = wallMs()
    try {
      const res = await gs.publish(topic, data)
      const recipients = res?.recipients?.length ?? 0
      emit({ event: 'published', topic, id: idHex, size: data.length, recipients, t_ms: t })
      if (recipients === 0) log(`publish ${k + 1}/${opts.count} on ${topic} (${idHex}) reached no peer`)
    } catch (err) {
      onFail()
      log(`publish ${k + 1}/${opts.count} on ${topic} failed:`, err)
      if (!finishing) emit({ event: 'error', what: `publish ${k + 1}/${opts.count} on ${topic} failed: ${errText(err)}` })
    }
  }
}

// ---------------------------------------------------------------- main

// A harness that stops reading stdout must not crash us with EPIPE, and a
// stray rejection inside libp2p on an abrupt disconnect must not kill the
// process before it prints `done`: log to stderr and carry on.
process.stdout.on('error', () => {})
process.on('unhandledRejection', (err) => log('unhandled rejection:', err))
process.on('uncaughtException', (err) => log('uncaught exception:', err))

async function main () {
  const opts = parseArgs(process.argv.slice(2))

  let privateKey
  if (opts.keySeed != null) {
    const seed = new Uint8Array(32)
    new DataView(seed.buffer).setBigUint64(0, opts.keySeed, true)
    privateKey = await generateKeyPairFromSeed('Ed25519', seed)
  } else {
    privateKey = await generateKeyPair('Ed25519')
  }

  const node = await createLibp2p({
    privateKey,
    start: false,
    addresses: { listen: opts.listen },
    transports: [
      tcp(),
      quic({
        // generous flow-control windows for multi-MiB single-stream payloads
        maxStreamData: 32 * 1024 * 1024,
        maxConnectionData: 64 * 1024 * 1024,
        maxConcurrentStreamLimit: 1024
      })
    ],
    connectionEncrypters: [noise()],
    streamMuxers: [yamux({
      maxInboundStreams: 4096,
      maxOutboundStreams: 4096,
      maxStreamWindowSize: 16 * 1024 * 1024
    })],
    connectionManager: {
      maxConnections: 10_000,
      maxIncomingPendingConnections: 1_000,
      inboundConnectionThreshold: 10_000,
      maxParallelDials: 100,
      dialTimeout: 20_000
    },
    // no background pings on our connections: the harness counts ping streams
    connectionMonitor: { enabled: false },
    services: {
      identify: identify(),
      ping: ping({ maxInboundStreams: 1024, maxOutboundStreams: 1024 }),
      // gossipsub runs on every peer, so each one advertises meshsub and can
      // mesh or forward; --subscribe / --publish decide what it does with it.
      pubsub: gossipsubService(opts.heartbeatMs)
    }
  })
  const gs = node.services.pubsub
  const counting = gossipCounting(gs)
  if (!counting) log('gossipsub metrics hooks not found: gossip_counters will not be printed')
  const gossipUsed = opts.subscribe.length > 0 || opts.publish != null

  gs.addEventListener('gossipsub:message', (evt) => {
    const { propagationSource, msgId, msg } = evt.detail
    if (finishing) return
    emit({
      event: 'message',
      topic: msg.topic,
      id: msgId, // hex, see msgIdToStrFn
      from: propagationSource.toString(),
      size: msg.data.length,
      t_ms: wallMs()
    })
  })

  node.addEventListener('connection:open', (evt) => {
    const c = evt.detail
    const addr = stripP2p(c.remoteAddr)
    const isQuic = addr.includes('/quic-v1')
    let security = c.encryption ?? ''
    if (security === '/noise') security = 'noise'
    else if (security === 'native' && isQuic) security = 'tls'
    let muxer = c.multiplexer ?? ''
    if (muxer === '/yamux/1.0.0') muxer = 'yamux'
    emit({
      event: 'connected',
      peer_id: c.remotePeer.toString(),
      addr,
      direction: c.direction,
      security,
      muxer,
      // noise (TCP) and libp2p-tls (QUIC, both sides verify) authenticate the remote peer id
      authenticated: c.remotePeer != null
    })
  })

  node.addEventListener('peer:identify', (evt) => {
    const r = evt.detail
    emit({
      event: 'identify',
      peer_id: r.peerId.toString(),
      protocols: r.protocols,
      listen_addrs: r.listenAddrs.map(a => a.toString()),
      agent: r.agentVersion ?? ''
    })
  })

  const handleOpts = { maxInboundStreams: 1024, maxOutboundStreams: 1024 }
  await node.handle(TRANSFER_PROTOCOL, (data) => { handleTransfer(data) }, handleOpts)
  await node.handle(ECHO_PROTOCOL, (data) => { handleEcho(data) }, handleOpts)

  let failed = false
  let meshTimer = null
  const finish = async (why) => {
    if (finishing) return
    finishing = true
    log(`shutting down (${why})`)
    if (meshTimer != null) clearInterval(meshTimer)
    // counted up to here: what stop() tears down is not part of the run
    const counters = JSON.parse(JSON.stringify(gossipCounters))
    await Promise.race([
      node.stop().catch(err => log('stop failed:', err)),
      new Promise(resolve => setTimeout(resolve, 3000).unref())
    ])
    if (gossipUsed && counting) emit({ event: 'gossip_counters', ...counters })
    emit({ event: 'done' })
    process.exit(failed ? 1 : 0)
  }
  let actionsRunning = false
  const onSignal = (sig) => {
    if (finishing) return
    if (actionsRunning) {
      failed = true
      emit({ event: 'error', what: `interrupted by ${sig} before all actions finished` })
    }
    finish(sig)
  }
  process.on('SIGTERM', () => onSignal('SIGTERM'))
  process.on('SIGINT', () => onSignal('SIGINT'))

  try {
    await node.start()
  } catch (err) {
    emit({ event: 'error', what: `listen failed: ${errText(err)}` })
    log(err)
    emit({ event: 'done' })
    process.exit(1)
  }

  // listening: actual addresses, in the order of the --listen flags
  const all = node.getMultiaddrs()
  const addrs = []
  for (const l of opts.listen) {
    const want = multiaddr(l).toOptions() // { family, host, transport, port }
    const wantQuic = l.includes('/quic-v1')
    for (const ma of all) {
      const s = ma.toString()
      if (addrs.includes(s)) continue
      if (s.includes('/quic-v1') !== wantQuic) continue
      let o
      try { o = ma.toOptions() } catch { continue }
      if (o.transport !== want.transport || o.family !== want.family) continue
      if (want.host !== '0.0.0.0' && o.host !== want.host) continue
      if (want.port !== 0 && o.port !== want.port) continue
      addrs.push(s)
    }
  }
  // join topics before anything else can happen (the listening event lets the
  // harness start dialling us)
  for (const t of opts.subscribe) gs.subscribe(t)
  emit({ event: 'listening', peer_id: node.peerId.toString(), addrs })

  if (opts.subscribe.length > 0) {
    // mesh events: poll each joined topic's mesh, print when the sorted set changed
    const last = new Map(opts.subscribe.map(t => [t, '[]']))
    meshTimer = setInterval(() => {
      if (finishing) return
      for (const t of opts.subscribe) {
        const peers = gs.getMeshPeers(t).map(String).sort()
        const key = JSON.stringify(peers)
        if (key !== last.get(t)) {
          last.set(t, key)
          emit({ event: 'mesh', topic: t, peers })
        }
      }
    }, MESH_POLL_MS)
  }

  actionsRunning = true
  // publishes run on their own clock (from process start), alongside the dials
  const publishing = opts.publish == null ? Promise.resolve() : publishAll(gs, opts, () => { failed = true })
  for (const d of opts.dial) {
    if (finishing) break
    let conn
    try {
      const dialStart = performance.now()
      conn = await node.dial(multiaddr(d), { signal: AbortSignal.timeout(20_000) })
      emit({ event: 'dialed', peer_id: conn.remotePeer.toString(), ms: performance.now() - dialStart })
    } catch (err) {
      failed = true
      log(`dial ${d} failed:`, err)
      if (!finishing) emit({ event: 'error', what: `dial ${d} failed: ${errText(err)}` })
      continue
    }
    const steps = []
    if (opts.ping > 0) steps.push(['ping', () => doPing(conn, opts.ping)])
    if (opts.send != null) steps.push(['send', () => doSend(conn, opts.send)])
    if (opts.echo != null) steps.push(['echo', () => doEcho(conn, opts.echo)])
    for (const [name, fn] of steps) {
      if (finishing) break
      try {
        await fn()
      } catch (err) {
        failed = true
        log(`${name} with ${d} failed:`, err)
        // after SIGTERM/SIGINT the 'interrupted' error event already covers it
        if (!finishing) emit({ event: 'error', what: `${name} with ${d} failed: ${errText(err)}` })
      }
    }
  }
  await publishing
  actionsRunning = false

  if (opts.seconds != null) {
    setTimeout(() => finish('--seconds elapsed'), opts.seconds * 1000)
  } else {
    // stay up until SIGTERM/SIGINT
    setInterval(() => {}, 1 << 30)
  }
}

main().catch(err => {
  log('fatal:', err)
  emit({ event: 'error', what: `fatal: ${errText(err)}` })
  emit({ event: 'done' })
  process.exit(1)
})
