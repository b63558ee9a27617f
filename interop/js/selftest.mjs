// Self-test for the interop peer contract (../PEER-PROTOCOL.md), 127.0.0.1 only.
//
//   node selftest.mjs [tcp|quic] [LISTENER_CMD] [DIALER_CMD]
//   node selftest.mjs gossip-tcp|gossip-quic [A_CMD] [B_CMD] [C_CMD]
//
// Commands default to ./jspeer next to this file; pass e.g. ../go/bin/gopeer
// to test js<->go.
//
// tcp|quic: the listener runs with --seconds 5, the dialer with
// --ping 10 --send 16777216 --echo 4194304 --seconds 1.
//
// gossip-*: A listens, B dials A, C dials A; all three --subscribe t. B is
// started once A is listening, C once B reports A in its mesh. C runs
// --publish t --size 200000 --count 3 --interval 300 --after 2000 --seconds 3;
// A and B run without --seconds and get SIGTERM 1 s after C exited. Checks
// that A and B each print exactly C's 3 messages, mesh events, gossip_counters
// and exit 0.
//
// Exits 0 when every check passes.

import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

const here = path.dirname(fileURLToPath(import.meta.url))
const mode = process.argv[2] ?? 'tcp'
const gossipMode = mode.startsWith('gossip-')
const transport = gossipMode ? mode.slice('gossip-'.length) : mode
if (!['tcp', 'quic'].includes(transport)) {
  console.error('usage: node selftest.mjs [tcp|quic|gossip-tcp|gossip-quic] [CMD]...')
  process.exit(2)
}
const listenerCmd = process.argv[3] ?? path.join(here, 'jspeer')
const dialerCmd = process.argv[4] ?? path.join(here, 'jspeer')
const SEND = 16777216
const ECHO = 4194304
const PINGS = 10
// The listener's --seconds counts from its start (it has no actions). 5 s is
// the standard check; raise with LISTEN_SECONDS on a loaded machine.
const LISTEN_SECONDS = process.env.LISTEN_SECONDS ?? '5'

const listenAddr = transport === 'quic' ? '/ip4/127.0.0.1/udp/0/quic-v1' : '/ip4/127.0.0.1/tcp/0'

function run (cmd, args, onLine) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  const events = []
  let buf = ''
  let stderr = ''
  child.stdout.on('data', d => {
    buf += d
    let i
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i)
      buf = buf.slice(i + 1)
      let ev
      try { ev = JSON.parse(line) } catch { ev = { event: '__bad_line__', line } }
      events.push(ev)
      onLine?.(ev)
    }
  })
  child.stderr.on('data', d => { stderr += d })
  const exited = new Promise(resolve => child.on('exit', (code, sig) => resolve({ code, sig, stderr, rest: buf, at: Date.now() })))
  return { child, events, exited }
}

const patternSha = (() => {
  const h = createHash('sha256')
  const b = Buffer.alloc(SEND)
  for (let i = 0; i < SEND; i++) b[i] = i % 251
  h.update(b)
  return h.digest('hex')
})()

let failures = 0
function check (name, cond, detail = '') {
  console.log(`${cond ? 'PASS' : 'FAIL'} ${name}${detail ? ' — ' + detail : ''}`)
  if (!cond) failures++
}

if (gossipMode) await gossipTest()

let resolveListening
const listening = new Promise(resolve => { resolveListening = resolve })
const L = run(listenerCmd, ['--listen', listenAddr, '--seconds', LISTEN_SECONDS], ev => {
  if (ev.event === 'listening') resolveListening(ev)
})
const timer = setTimeout(() => { console.log('FAIL listener produced no listening event'); process.exit(1) }, 30_000)
const lev = await listening
clearTimeout(timer)
const target = lev.addrs[0]
console.log(`listener ${lev.peer_id} at ${target}`)
const t0 = Date.now()
const D = run(dialerCmd, ['--dial', target, '--ping', String(PINGS), '--send', String(SEND), '--echo', String(ECHO), '--seconds', '1'])
const dres = await D.exited
const dialerMs = Date.now() - t0
const lres = await L.exited

const sec = transport === 'quic' ? 'tls' : 'noise'
const mux = transport === 'quic' ? 'quic' : 'yamux'
const dEv = D.events
const lEv = L.events
const dListening = dEv.find(e => e.event === 'listening')
const dialerId = dListening?.peer_id

check('listener exit 0', lres.code === 0, `code=${lres.code} sig=${lres.sig}`)
check('dialer exit 0', dres.code === 0, `code=${dres.code} sig=${dres.sig}`)
for (const [who, evs] of [['listener', lEv], ['dialer', dEv]]) {
  check(`${who}: first event listening`, evs[0]?.event === 'listening')
  check(`${who}: last event done`, evs[evs.length - 1]?.event === 'done')
  check(`${who}: no error events`, !evs.some(e => e.event === 'error'), JSON.stringify(evs.filter(e => e.event === 'error')))
  check(`${who}: no non-JSON stdout`, !evs.some(e => e.event === '__bad_line__'))
}
const dc = dEv.filter(e => e.event === 'connected')
const lc = lEv.filter(e => e.event === 'connected')
check('dialer connected outbound', dc.length === 1 && dc[0].direction === 'outbound' && dc[0].peer_id === lev.peer_id &&
  dc[0].security === sec && dc[0].muxer === mux && dc[0].authenticated === true && !dc[0].addr.includes('/p2p/'), JSON.stringify(dc))
check('listener connected inbound', lc.length === 1 && lc[0].direction === 'inbound' && lc[0].peer_id === dialerId &&
  lc[0].security === sec && lc[0].muxer === mux && lc[0].authenticated === true && !lc[0].addr.includes('/p2p/'), JSON.stringify(lc))
const di = dEv.filter(e => e.event === 'identify')
const li = lEv.filter(e => e.event === 'identify')
check('dialer identify', di.length >= 1 && di[0].peer_id === lev.peer_id && di[0].protocols.includes('/gsnode/transfer/1.0.0') &&
  di[0].protocols.includes('/gsnode/echo/1.0.0') && di[0].protocols.includes('/ipfs/ping/1.0.0') && Array.isArray(di[0].listen_addrs) && typeof di[0].agent === 'string',
  JSON.stringify(di[0]))
check('listener identify', li.length >= 1 && li[0].peer_id === dialerId, JSON.stringify(li[0]))
const pings = dEv.filter(e => e.event === 'ping')
check(`dialer ${PINGS} pings`, pings.length === PINGS && pings.every(p => typeof p.rtt_ms === 'number' && p.rtt_ms > 0 && p.peer_id === lev.peer_id),
  pings.map(p => p.rtt_ms).join(','))
const sent = dEv.find(e => e.event === 'sent')
const recv = lEv.find(e => e.event === 'received')
check('dialer sent match', sent?.match === true && sent.bytes === SEND && sent.sha256 === patternSha && sent.protocol === '/gsnode/transfer/1.0.0', JSON.stringify(sent))
check('listener received', recv?.bytes === SEND && recv.sha256 === patternSha && recv.peer_id === dialerId && recv.protocol === '/gsnode/transfer/1.0.0', JSON.stringify(recv))
const echo = dEv.find(e => e.event === 'echo')
check('dialer echo ok', echo?.ok === true && echo.bytes === ECHO && echo.peer_id === lev.peer_id, JSON.stringify(echo))
check('listener has no echo/sent events', !lEv.some(e => e.event === 'echo' || e.event === 'sent'))
console.log(`dialer wall time ${dialerMs} ms; transfer ${sent?.ms} ms (${sent ? (SEND / 1048576 / (sent.ms / 1000)).toFixed(1) : '?'} MiB/s); echo ${echo?.ms} ms`)
if (failures > 0) {
  console.log('--- listener events'); lEv.forEach(e => console.log(JSON.stringify(e)))
  console.log('--- dialer events'); dEv.forEach(e => console.log(JSON.stringify(e)))
  console.log('--- listener stderr\n' + lres.stderr.slice(-4000))
  console.log('--- dialer stderr\n' + dres.stderr.slice(-4000))
}
if (failures > 0 && lres.at < dres.at - 200) {
  console.log(`NOTE: the listener exited ${dres.at - lres.at} ms before the dialer; its --seconds ${LISTEN_SECONDS} may have run out mid-test (retry with LISTEN_SECONDS=10)`)
}
console.log(failures === 0 ? 'ALL PASS' : `${failures} FAILED`)
process.exit(failures === 0 ? 0 : 1)

// ---------------------------------------------------------------- gossip mode

function waitFor (proc, pred, ms, what) {
  return new Promise((resolve, reject) => {
    const hit = proc.events.find(pred)
    if (hit) return resolve(hit)
    const t = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms)
    const poll = setInterval(() => {
      const e = proc.events.find(pred)
      if (e) { clearTimeout(t); clearInterval(poll); resolve(e) }
    }, 20)
    proc.exited.then(() => {
      const e = proc.events.find(pred)
      clearTimeout(t); clearInterval(poll)
      e ? resolve(e) : reject(new Error(`exited while waiting for ${what}`))
    })
  })
}

async function gossipTest () {
  const cmdA = process.argv[3] ?? path.join(here, 'jspeer')
  const cmdB = process.argv[4] ?? path.join(here, 'jspeer')
  const cmdC = process.argv[5] ?? path.join(here, 'jspeer')
  const T = 't'
  const SIZE = 200000
  const COUNT = 3
  const procs = {}
  const dump = () => {
    for (const [n, p] of Object.entries(procs)) {
      console.log(`--- ${n} events`); p.events.forEach(e => console.log(JSON.stringify(e).slice(0, 400)))
    }
    for (const [n, p] of Object.entries(procs)) console.log(`--- ${n} stderr\n${p.stderrText?.slice(-3000) ?? ''}`)
  }
  const abort = (msg) => {
    console.log(`FAIL ${msg}`)
    for (const p of Object.values(procs)) p.child.kill('SIGKILL')
    dump()
    process.exit(1)
  }
  const A = procs.A = run(cmdA, ['--listen', listenAddr, '--subscribe', T])
  const la = await waitFor(A, e => e.event === 'listening', 30_000, 'A listening').catch(e => abort(e.message))
  const aId = la.peer_id
  const target = la.addrs[0]
  console.log(`A ${aId} at ${target}`)
  const B = procs.B = run(cmdB, ['--listen', listenAddr, '--dial', target, '--subscribe', T])
  await waitFor(B, e => e.event === 'mesh' && e.peers.includes(aId), 30_000, 'B to have A in its mesh').catch(e => abort(e.message))
  const C = procs.C = run(cmdC, ['--listen', listenAddr, '--dial', target, '--subscribe', T, '--publish', T,
    '--size', String(SIZE), '--count', String(COUNT), '--interval', '300', '--after', '2000', '--seconds', '3'])
  const cres = await C.exited
  await new Promise(resolve => setTimeout(resolve, 1000))
  A.child.kill('SIGTERM'); B.child.kill('SIGTERM')
  const [ares, bres] = await Promise.all([A.exited, B.exited])
  for (const [n, r] of [['A', ares], ['B', bres], ['C', cres]]) procs[n].stderrText = r.stderr

  const bId = B.events.find(e => e.event === 'listening')?.peer_id
  const cId = C.events.find(e => e.event === 'listening')?.peer_id
  for (const [n, r] of [['A', ares], ['B', bres], ['C', cres]]) {
    const evs = procs[n].events
    check(`${n} exit 0`, r.code === 0, `code=${r.code} sig=${r.sig}`)
    check(`${n}: first event listening`, evs[0]?.event === 'listening')
    check(`${n}: last event done`, evs[evs.length - 1]?.event === 'done')
    check(`${n}: no error events`, !evs.some(e => e.event === 'error'), JSON.stringify(evs.filter(e => e.event === 'error')))
    check(`${n}: no non-JSON stdout`, !evs.some(e => e.event === '__bad_line__'))
    const gc = evs.filter(e => e.event === 'gossip_counters')
    const keys = ['publish', 'ihave', 'iwant', 'idontwant', 'graft', 'prune']
    const okCounts = (o) => o != null && keys.every(k => Number.isInteger(o[k]) && o[k] >= 0)
    check(`${n}: one gossip_counters just before done`, gc.length === 1 && evs[evs.length - 2] === gc[0] &&
      okCounts(gc[0].sent) && okCounts(gc[0].received) && Number.isInteger(gc[0].duplicates), JSON.stringify(gc))
    const mesh = evs.filter(e => e.event === 'mesh')
    check(`${n}: mesh events well formed`, mesh.length >= 1 && mesh.every(e => e.topic === T && Array.isArray(e.peers) &&
      e.peers.every((p, i) => i === 0 || e.peers[i - 1] < p)), JSON.stringify(mesh))
  }
  const pub = C.events.filter(e => e.event === 'published')
  const ids = pub.map(e => e.id)
  check(`C: ${COUNT} published`, pub.length === COUNT && pub.every(e => e.topic === T && e.size === SIZE &&
    /^[0-9a-f]{40}$/.test(e.id) && Number.isInteger(e.recipients) && e.recipients >= 1 && typeof e.t_ms === 'number') &&
    new Set(ids).size === COUNT, JSON.stringify(pub))
  check('C: no message events (own publishes)', !C.events.some(e => e.event === 'message'))
  const firstPub = Math.min(...pub.map(e => e.t_ms))
  for (const [n, P, from] of [['A', A, cId], ['B', B, aId]]) {
    const msgs = P.events.filter(e => e.event === 'message')
    check(`${n}: exactly C's ${COUNT} messages`, msgs.length === COUNT && new Set(msgs.map(e => e.id)).size === COUNT &&
      msgs.every(e => ids.includes(e.id) && e.topic === T && e.size === SIZE && e.from === from && e.t_ms >= firstPub),
    JSON.stringify(msgs))
  }
  check('A: mesh had B and C', A.events.some(e => e.event === 'mesh' && e.peers.includes(bId) && e.peers.includes(cId)))
  check('C: mesh had A', C.events.some(e => e.event === 'mesh' && e.peers.includes(aId)))
  const lat = []
  for (const P of [A, B]) {
    for (const m of P.events.filter(e => e.event === 'message')) {
      const p = pub.find(e => e.id === m.id)
      if (p) lat.push((m.t_ms - p.t_ms).toFixed(1))
    }
  }
  console.log(`recipients ${pub.map(e => e.recipients).join(',')}; delivery latencies A,B (ms): ${lat.join(', ')}`)
  for (const [n, P] of Object.entries(procs)) {
    const gc = P.events.find(e => e.event === 'gossip_counters')
    if (gc) console.log(`${n} gossip_counters sent ${JSON.stringify(gc.sent)} received ${JSON.stringify(gc.received)} duplicates ${gc.duplicates}`)
  }
  if (failures > 0) dump()
  console.log(failures === 0 ? 'ALL PASS' : `${failures} FAILED`)
  process.exit(failures === 0 ? 0 : 1)
}
