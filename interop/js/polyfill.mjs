// Node 20 lacks Promise.withResolvers (added in Node 22); current js-libp2p
// transitive dependencies call it. Load before anything else with
//   node --import ./polyfill.mjs peer.mjs ...
if (typeof Promise.withResolvers !== 'function') {
  Promise.withResolvers = function withResolvers () {
    let resolve, reject
    const promise = new this((res, rej) => { resolve = res; reject = rej })
    return { promise, resolve, reject }
  }
}
