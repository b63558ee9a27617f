// Self-test for the interop peer contract (../PEER-PROTOCOL.md), 127.0.0.1 only.
//
//   node selftest.mjs [tcp|quic] [LISTENER_CMD] [DIALER_CMD]
//
// LISTENER_CMD / DIALER_CMD default to ./jspeer next to this file; pass e.g.
// ../go/bin/gopeer to test js<->go. The listener runs with --seconds 5, the
// dialer with --ping 10 --send 16777216 --echo 4194304 --seconds 1.
// Exits 0 when every check passes.

import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

const here = path.dirname(fileURLToPath(import.meta.url))
const transport = process.argv[2] ?? 'tcp'
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
