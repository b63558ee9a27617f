graph [
  directed 1
  node [
    id 0
    label "node0"
    host_bandwidth_up "1000000000 bit"
    host_bandwidth_down "1000000000 bit"
  ]
  node [
    id 1
    label "node1"
    host_bandwidth_up "50000000 bit"
    host_bandwidth_down "100000000 bit"
  ]
  node [
    id 2
    label "node2"
    host_bandwidth_up "50000000 bit"
    host_bandwidth_down "100000000 bit"
  ]
  edge [
    source 0
    target 0
    latency "1000 us"
    packet_loss 0.0
  ]
  edge [
    source 0
    target 1
    latency "25000 us"
    packet_loss 0.0
  ]
  edge [
    source 0
    target 2
    latency "40123 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 0
    latency "26000 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 1
    latency "1000 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 2
    latency "12000 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 0
    latency "41000 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 1
    latency "1 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 2
    latency "1000 us"
    packet_loss 0.0
  ]
]
