graph [
  directed 1
  node [
    id 0
    label "node0"
    host_bandwidth_up "50000000 bit"
    host_bandwidth_down "100000000 bit"
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
  node [
    id 3
    label "node3"
    host_bandwidth_up "50000000 bit"
    host_bandwidth_down "100000000 bit"
  ]
  node [
    id 4
    label "node4"
    host_bandwidth_up "50000000 bit"
    host_bandwidth_down "100000000 bit"
  ]
  node [
    id 5
    label "node5"
    host_bandwidth_up "50000000 bit"
    host_bandwidth_down "100000000 bit"
  ]
  node [
    id 6
    label "node6"
    host_bandwidth_up "50000000 bit"
    host_bandwidth_down "100000000 bit"
  ]
  node [
    id 7
    label "node7"
    host_bandwidth_up "50000000 bit"
    host_bandwidth_down "100000000 bit"
  ]
  node [
    id 8
    label "node8"
    host_bandwidth_up "50000000 bit"
    host_bandwidth_down "100000000 bit"
  ]
  node [
    id 9
    label "node9"
    host_bandwidth_up "50000000 bit"
    host_bandwidth_down "100000000 bit"
  ]
  node [
    id 10
    label "node10"
    host_bandwidth_up "50000000 bit"
    host_bandwidth_down "100000000 bit"
  ]
  node [
    id 11
    label "node11"
    host_bandwidth_up "50000000 bit"
    host_bandwidth_down "100000000 bit"
  ]
  node [
    id 12
    label "node12"
    host_bandwidth_up "50000000 bit"
    host_bandwidth_down "100000000 bit"
  ]
  node [
    id 13
    label "node13"
    host_bandwidth_up "50000000 bit"
    host_bandwidth_down "100000000 bit"
  ]
  node [
    id 14
    label "node14"
    host_bandwidth_up "50000000 bit"
    host_bandwidth_down "100000000 bit"
  ]
  node [
    id 15
    label "node15"
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
    latency "102796 us"
    packet_loss 0.0
  ]
  edge [
    source 0
    target 2
    latency "78875 us"
    packet_loss 0.0
  ]
  edge [
    source 0
    target 3
    latency "81703 us"
    packet_loss 0.0
  ]
  edge [
    source 0
    target 4
    latency "8937 us"
    packet_loss 0.0
  ]
  edge [
    source 0
    target 5
    latency "76851 us"
    packet_loss 0.0
  ]
  edge [
    source 0
    target 6
    latency "79156 us"
    packet_loss 0.0
  ]
  edge [
    source 0
    target 7
    latency "72000 us"
    packet_loss 0.0
  ]
  edge [
    source 0
    target 8
    latency "9222 us"
    packet_loss 0.0
  ]
  edge [
    source 0
    target 9
    latency "71121 us"
    packet_loss 0.0
  ]
  edge [
    source 0
    target 10
    latency "9816 us"
    packet_loss 0.0
  ]
  edge [
    source 0
    target 11
    latency "70406 us"
    packet_loss 0.0
  ]
  edge [
    source 0
    target 12
    latency "102832 us"
    packet_loss 0.0
  ]
  edge [
    source 0
    target 13
    latency "9472 us"
    packet_loss 0.0
  ]
  edge [
    source 0
    target 14
    latency "97558 us"
    packet_loss 0.0
  ]
  edge [
    source 0
    target 15
    latency "9906 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 0
    latency "102796 us"
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
    latency "35593 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 3
    latency "6734 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 4
    latency "103781 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 5
    latency "8115 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 6
    latency "37062 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 7
    latency "9156 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 8
    latency "103324 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 9
    latency "119324 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 10
    latency "83917 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 11
    latency "61578 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 12
    latency "7396 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 13
    latency "96574 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 14
    latency "8681 us"
    packet_loss 0.0
  ]
  edge [
    source 1
    target 15
    latency "96468 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 0
    latency "78875 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 1
    latency "35593 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 2
    latency "1000 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 3
    latency "43671 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 4
    latency "91218 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 5
    latency "42125 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 6
    latency "7290 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 7
    latency "43578 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 8
    latency "71062 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 9
    latency "49710 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 10
    latency "78218 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 11
    latency "25312 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 12
    latency "44984 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 13
    latency "89250 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 14
    latency "45125 us"
    packet_loss 0.0
  ]
  edge [
    source 2
    target 15
    latency "75687 us"
    packet_loss 0.0
  ]
  edge [
    source 3
    target 0
    latency "81703 us"
    packet_loss 0.0
  ]
  edge [
    source 3
    target 1
    latency "6734 us"
    packet_loss 0.0
  ]
  edge [
    source 3
    target 2
    latency "43671 us"
    packet_loss 0.0
  ]
  edge [
    source 3
    target 3
    latency "1000 us"
    packet_loss 0.0
  ]
  edge [
    source 3
    target 4
    latency "80402 us"
    packet_loss 0.0
  ]
  edge [
    source 3
    target 5
    latency "7500 us"
    packet_loss 0.0
  ]
  edge [
    source 3
    target 6
    latency "33015 us"
    packet_loss 0.0
  ]
  edge [
    source 3
    target 7
    latency "8637 us"
    packet_loss 0.0
  ]
  edge [
    source 3
    target 8
    latency "98964 us"
    packet_loss 0.0
  ]
  edge [
    source 3
    target 9
    latency "130238 us"
    packet_loss 0.0
  ]
  edge [
    source 3
    target 10
    latency "78117 us"
    packet_loss 0.0
  ]
  edge [
    source 3
    target 11
    latency "81402 us"
    packet_loss 0.0
  ]
  edge [
    source 3
    target 12
    latency "6412 us"
    packet_loss 0.0
  ]
  edge [
    source 3
    target 13
    latency "87679 us"
    packet_loss 0.0
  ]
  edge [
    source 3
    target 14
    latency "9153 us"
    packet_loss 0.0
  ]
  edge [
    source 3
    target 15
    latency "95203 us"
    packet_loss 0.0
  ]
  edge [
    source 4
    target 0
    latency "8937 us"
    packet_loss 0.0
  ]
  edge [
    source 4
    target 1
    latency "103781 us"
    packet_loss 0.0
  ]
  edge [
    source 4
    target 2
    latency "91218 us"
    packet_loss 0.0
  ]
  edge [
    source 4
    target 3
    latency "80402 us"
    packet_loss 0.0
  ]
  edge [
    source 4
    target 4
    latency "1000 us"
    packet_loss 0.0
  ]
  edge [
    source 4
    target 5
    latency "81070 us"
    packet_loss 0.0
  ]
  edge [
    source 4
    target 6
    latency "76312 us"
    packet_loss 0.0
  ]
  edge [
    source 4
    target 7
    latency "86941 us"
    packet_loss 0.0
  ]
  edge [
    source 4
    target 8
    latency "10691 us"
    packet_loss 0.0
  ]
  edge [
    source 4
    target 9
    latency "71804 us"
    packet_loss 0.0
  ]
  edge [
    source 4
    target 10
    latency "10750 us"
    packet_loss 0.0
  ]
  edge [
    source 4
    target 11
    latency "55242 us"
    packet_loss 0.0
  ]
  edge [
    source 4
    target 12
    latency "98402 us"
    packet_loss 0.0
  ]
  edge [
    source 4
    target 13
    latency "10628 us"
    packet_loss 0.0
  ]
  edge [
    source 4
    target 14
    latency "103007 us"
    packet_loss 0.0
  ]
  edge [
    source 4
    target 15
    latency "8085 us"
    packet_loss 0.0
  ]
  edge [
    source 5
    target 0
    latency "76851 us"
    packet_loss 0.0
  ]
  edge [
    source 5
    target 1
    latency "8115 us"
    packet_loss 0.0
  ]
  edge [
    source 5
    target 2
    latency "42125 us"
    packet_loss 0.0
  ]
  edge [
    source 5
    target 3
    latency "7500 us"
    packet_loss 0.0
  ]
  edge [
    source 5
    target 4
    latency "81070 us"
    packet_loss 0.0
  ]
  edge [
    source 5
    target 5
    latency "1000 us"
    packet_loss 0.0
  ]
  edge [
    source 5
    target 6
    latency "45125 us"
    packet_loss 0.0
  ]
  edge [
    source 5
    target 7
    latency "7634 us"
    packet_loss 0.0
  ]
  edge [
    source 5
    target 8
    latency "86062 us"
    packet_loss 0.0
  ]
  edge [
    source 5
    target 9
    latency "112363 us"
    packet_loss 0.0
  ]
  edge [
    source 5
    target 10
    latency "85781 us"
    packet_loss 0.0
  ]
  edge [
    source 5
    target 11
    latency "80746 us"
    packet_loss 0.0
  ]
  edge [
    source 5
    target 12
    latency "6403 us"
    packet_loss 0.0
  ]
  edge [
    source 5
    target 13
    latency "91968 us"
    packet_loss 0.0
  ]
  edge [
    source 5
    target 14
    latency "9337 us"
    packet_loss 0.0
  ]
  edge [
    source 5
    target 15
    latency "99843 us"
    packet_loss 0.0
  ]
  edge [
    source 6
    target 0
    latency "79156 us"
    packet_loss 0.0
  ]
  edge [
    source 6
    target 1
    latency "37062 us"
    packet_loss 0.0
  ]
  edge [
    source 6
    target 2
    latency "7290 us"
    packet_loss 0.0
  ]
  edge [
    source 6
    target 3
    latency "33015 us"
    packet_loss 0.0
  ]
  edge [
    source 6
    target 4
    latency "76312 us"
    packet_loss 0.0
  ]
  edge [
    source 6
    target 5
    latency "45125 us"
    packet_loss 0.0
  ]
  edge [
    source 6
    target 6
    latency "1000 us"
    packet_loss 0.0
  ]
  edge [
    source 6
    target 7
    latency "38390 us"
    packet_loss 0.0
  ]
  edge [
    source 6
    target 8
    latency "64593 us"
    packet_loss 0.0
  ]
  edge [
    source 6
    target 9
    latency "56109 us"
    packet_loss 0.0
  ]
  edge [
    source 6
    target 10
    latency "80000 us"
    packet_loss 0.0
  ]
  edge [
    source 6
    target 11
    latency "27222 us"
    packet_loss 0.0
  ]
  edge [
    source 6
    target 12
    latency "46953 us"
    packet_loss 0.0
  ]
  edge [
    source 6
    target 13
    latency "69875 us"
    packet_loss 0.0
  ]
  edge [
    source 6
    target 14
    latency "47062 us"
    packet_loss 0.0
  ]
  edge [
    source 6
    target 15
    latency "84187 us"
    packet_loss 0.0
  ]
  edge [
    source 7
    target 0
    latency "72000 us"
    packet_loss 0.0
  ]
  edge [
    source 7
    target 1
    latency "9156 us"
    packet_loss 0.0
  ]
  edge [
    source 7
    target 2
    latency "43578 us"
    packet_loss 0.0
  ]
  edge [
    source 7
    target 3
    latency "8637 us"
    packet_loss 0.0
  ]
  edge [
    source 7
    target 4
    latency "86941 us"
    packet_loss 0.0
  ]
  edge [
    source 7
    target 5
    latency "7634 us"
    packet_loss 0.0
  ]
  edge [
    source 7
    target 6
    latency "38390 us"
    packet_loss 0.0
  ]
  edge [
    source 7
    target 7
    latency "1000 us"
    packet_loss 0.0
  ]
  edge [
    source 7
    target 8
    latency "93164 us"
    packet_loss 0.0
  ]
  edge [
    source 7
    target 9
    latency "109828 us"
    packet_loss 0.0
  ]
  edge [
    source 7
    target 10
    latency "101214 us"
    packet_loss 0.0
  ]
  edge [
    source 7
    target 11
    latency "68714 us"
    packet_loss 0.0
  ]
  edge [
    source 7
    target 12
    latency "8659 us"
    packet_loss 0.0
  ]
  edge [
    source 7
    target 13
    latency "72035 us"
    packet_loss 0.0
  ]
  edge [
    source 7
    target 14
    latency "6893 us"
    packet_loss 0.0
  ]
  edge [
    source 7
    target 15
    latency "91406 us"
    packet_loss 0.0
  ]
  edge [
    source 8
    target 0
    latency "9222 us"
    packet_loss 0.0
  ]
  edge [
    source 8
    target 1
    latency "103324 us"
    packet_loss 0.0
  ]
  edge [
    source 8
    target 2
    latency "71062 us"
    packet_loss 0.0
  ]
  edge [
    source 8
    target 3
    latency "98964 us"
    packet_loss 0.0
  ]
  edge [
    source 8
    target 4
    latency "10691 us"
    packet_loss 0.0
  ]
  edge [
    source 8
    target 5
    latency "86062 us"
    packet_loss 0.0
  ]
  edge [
    source 8
    target 6
    latency "64593 us"
    packet_loss 0.0
  ]
  edge [
    source 8
    target 7
    latency "93164 us"
    packet_loss 0.0
  ]
  edge [
    source 8
    target 8
    latency "1000 us"
    packet_loss 0.0
  ]
  edge [
    source 8
    target 9
    latency "79652 us"
    packet_loss 0.0
  ]
  edge [
    source 8
    target 10
    latency "8382 us"
    packet_loss 0.0
  ]
  edge [
    source 8
    target 11
    latency "51656 us"
    packet_loss 0.0
  ]
  edge [
    source 8
    target 12
    latency "72421 us"
    packet_loss 0.0
  ]
  edge [
    source 8
    target 13
    latency "10476 us"
    packet_loss 0.0
  ]
  edge [
    source 8
    target 14
    latency "83179 us"
    packet_loss 0.0
  ]
  edge [
    source 8
    target 15
    latency "9375 us"
    packet_loss 0.0
  ]
  edge [
    source 9
    target 0
    latency "71121 us"
    packet_loss 0.0
  ]
  edge [
    source 9
    target 1
    latency "119324 us"
    packet_loss 0.0
  ]
  edge [
    source 9
    target 2
    latency "49710 us"
    packet_loss 0.0
  ]
  edge [
    source 9
    target 3
    latency "130238 us"
    packet_loss 0.0
  ]
  edge [
    source 9
    target 4
    latency "71804 us"
    packet_loss 0.0
  ]
  edge [
    source 9
    target 5
    latency "112363 us"
    packet_loss 0.0
  ]
  edge [
    source 9
    target 6
    latency "56109 us"
    packet_loss 0.0
  ]
  edge [
    source 9
    target 7
    latency "109828 us"
    packet_loss 0.0
  ]
  edge [
    source 9
    target 8
    latency "79652 us"
    packet_loss 0.0
  ]
  edge [
    source 9
    target 9
    latency "1000 us"
    packet_loss 0.0
  ]
  edge [
    source 9
    target 10
    latency "65488 us"
    packet_loss 0.0
  ]
  edge [
    source 9
    target 11
    latency "76289 us"
    packet_loss 0.0
  ]
  edge [
    source 9
    target 12
    latency "91695 us"
    packet_loss 0.0
  ]
  edge [
    source 9
    target 13
    latency "76890 us"
    packet_loss 0.0
  ]
  edge [
    source 9
    target 14
    latency "96636 us"
    packet_loss 0.0
  ]
  edge [
    source 9
    target 15
    latency "62562 us"
    packet_loss 0.0
  ]
  edge [
    source 10
    target 0
    latency "9816 us"
    packet_loss 0.0
  ]
  edge [
    source 10
    target 1
    latency "83917 us"
    packet_loss 0.0
  ]
  edge [
    source 10
    target 2
    latency "78218 us"
    packet_loss 0.0
  ]
  edge [
    source 10
    target 3
    latency "78117 us"
    packet_loss 0.0
  ]
  edge [
    source 10
    target 4
    latency "10750 us"
    packet_loss 0.0
  ]
  edge [
    source 10
    target 5
    latency "85781 us"
    packet_loss 0.0
  ]
  edge [
    source 10
    target 6
    latency "80000 us"
    packet_loss 0.0
  ]
  edge [
    source 10
    target 7
    latency "101214 us"
    packet_loss 0.0
  ]
  edge [
    source 10
    target 8
    latency "8382 us"
    packet_loss 0.0
  ]
  edge [
    source 10
    target 9
    latency "65488 us"
    packet_loss 0.0
  ]
  edge [
    source 10
    target 10
    latency "1000 us"
    packet_loss 0.0
  ]
  edge [
    source 10
    target 11
    latency "48656 us"
    packet_loss 0.0
  ]
  edge [
    source 10
    target 12
    latency "82652 us"
    packet_loss 0.0
  ]
  edge [
    source 10
    target 13
    latency "10296 us"
    packet_loss 0.0
  ]
  edge [
    source 10
    target 14
    latency "104871 us"
    packet_loss 0.0
  ]
  edge [
    source 10
    target 15
    latency "9476 us"
    packet_loss 0.0
  ]
  edge [
    source 11
    target 0
    latency "70406 us"
    packet_loss 0.0
  ]
  edge [
    source 11
    target 1
    latency "61578 us"
    packet_loss 0.0
  ]
  edge [
    source 11
    target 2
    latency "25312 us"
    packet_loss 0.0
  ]
  edge [
    source 11
    target 3
    latency "81402 us"
    packet_loss 0.0
  ]
  edge [
    source 11
    target 4
    latency "55242 us"
    packet_loss 0.0
  ]
  edge [
    source 11
    target 5
    latency "80746 us"
    packet_loss 0.0
  ]
  edge [
    source 11
    target 6
    latency "27222 us"
    packet_loss 0.0
  ]
  edge [
    source 11
    target 7
    latency "68714 us"
    packet_loss 0.0
  ]
  edge [
    source 11
    target 8
    latency "51656 us"
    packet_loss 0.0
  ]
  edge [
    source 11
    target 9
    latency "76289 us"
    packet_loss 0.0
  ]
  edge [
    source 11
    target 10
    latency "48656 us"
    packet_loss 0.0
  ]
  edge [
    source 11
    target 11
    latency "1000 us"
    packet_loss 0.0
  ]
  edge [
    source 11
    target 12
    latency "75796 us"
    packet_loss 0.0
  ]
  edge [
    source 11
    target 13
    latency "62062 us"
    packet_loss 0.0
  ]
  edge [
    source 11
    target 14
    latency "57886 us"
    packet_loss 0.0
  ]
  edge [
    source 11
    target 15
    latency "58429 us"
    packet_loss 0.0
  ]
  edge [
    source 12
    target 0
    latency "102832 us"
    packet_loss 0.0
  ]
  edge [
    source 12
    target 1
    latency "7396 us"
    packet_loss 0.0
  ]
  edge [
    source 12
    target 2
    latency "44984 us"
    packet_loss 0.0
  ]
  edge [
    source 12
    target 3
    latency "6412 us"
    packet_loss 0.0
  ]
  edge [
    source 12
    target 4
    latency "98402 us"
    packet_loss 0.0
  ]
  edge [
    source 12
    target 5
    latency "6403 us"
    packet_loss 0.0
  ]
  edge [
    source 12
    target 6
    latency "46953 us"
    packet_loss 0.0
  ]
  edge [
    source 12
    target 7
    latency "8659 us"
    packet_loss 0.0
  ]
  edge [
    source 12
    target 8
    latency "72421 us"
    packet_loss 0.0
  ]
  edge [
    source 12
    target 9
    latency "91695 us"
    packet_loss 0.0
  ]
  edge [
    source 12
    target 10
    latency "82652 us"
    packet_loss 0.0
  ]
  edge [
    source 12
    target 11
    latency "75796 us"
    packet_loss 0.0
  ]
  edge [
    source 12
    target 12
    latency "1000 us"
    packet_loss 0.0
  ]
  edge [
    source 12
    target 13
    latency "91230 us"
    packet_loss 0.0
  ]
  edge [
    source 12
    target 14
    latency "8084 us"
    packet_loss 0.0
  ]
  edge [
    source 12
    target 15
    latency "104976 us"
    packet_loss 0.0
  ]
  edge [
    source 13
    target 0
    latency "9472 us"
    packet_loss 0.0
  ]
  edge [
    source 13
    target 1
    latency "96574 us"
    packet_loss 0.0
  ]
  edge [
    source 13
    target 2
    latency "89250 us"
    packet_loss 0.0
  ]
  edge [
    source 13
    target 3
    latency "87679 us"
    packet_loss 0.0
  ]
  edge [
    source 13
    target 4
    latency "10628 us"
    packet_loss 0.0
  ]
  edge [
    source 13
    target 5
    latency "91968 us"
    packet_loss 0.0
  ]
  edge [
    source 13
    target 6
    latency "69875 us"
    packet_loss 0.0
  ]
  edge [
    source 13
    target 7
    latency "72035 us"
    packet_loss 0.0
  ]
  edge [
    source 13
    target 8
    latency "10476 us"
    packet_loss 0.0
  ]
  edge [
    source 13
    target 9
    latency "76890 us"
    packet_loss 0.0
  ]
  edge [
    source 13
    target 10
    latency "10296 us"
    packet_loss 0.0
  ]
  edge [
    source 13
    target 11
    latency "62062 us"
    packet_loss 0.0
  ]
  edge [
    source 13
    target 12
    latency "91230 us"
    packet_loss 0.0
  ]
  edge [
    source 13
    target 13
    latency "1000 us"
    packet_loss 0.0
  ]
  edge [
    source 13
    target 14
    latency "81000 us"
    packet_loss 0.0
  ]
  edge [
    source 13
    target 15
    latency "8070 us"
    packet_loss 0.0
  ]
  edge [
    source 14
    target 0
    latency "97558 us"
    packet_loss 0.0
  ]
  edge [
    source 14
    target 1
    latency "8681 us"
    packet_loss 0.0
  ]
  edge [
    source 14
    target 2
    latency "45125 us"
    packet_loss 0.0
  ]
  edge [
    source 14
    target 3
    latency "9153 us"
    packet_loss 0.0
  ]
  edge [
    source 14
    target 4
    latency "103007 us"
    packet_loss 0.0
  ]
  edge [
    source 14
    target 5
    latency "9337 us"
    packet_loss 0.0
  ]
  edge [
    source 14
    target 6
    latency "47062 us"
    packet_loss 0.0
  ]
  edge [
    source 14
    target 7
    latency "6893 us"
    packet_loss 0.0
  ]
  edge [
    source 14
    target 8
    latency "83179 us"
    packet_loss 0.0
  ]
  edge [
    source 14
    target 9
    latency "96636 us"
    packet_loss 0.0
  ]
  edge [
    source 14
    target 10
    latency "104871 us"
    packet_loss 0.0
  ]
  edge [
    source 14
    target 11
    latency "57886 us"
    packet_loss 0.0
  ]
  edge [
    source 14
    target 12
    latency "8084 us"
    packet_loss 0.0
  ]
  edge [
    source 14
    target 13
    latency "81000 us"
    packet_loss 0.0
  ]
  edge [
    source 14
    target 14
    latency "1000 us"
    packet_loss 0.0
  ]
  edge [
    source 14
    target 15
    latency "75445 us"
    packet_loss 0.0
  ]
  edge [
    source 15
    target 0
    latency "9906 us"
    packet_loss 0.0
  ]
  edge [
    source 15
    target 1
    latency "96468 us"
    packet_loss 0.0
  ]
  edge [
    source 15
    target 2
    latency "75687 us"
    packet_loss 0.0
  ]
  edge [
    source 15
    target 3
    latency "95203 us"
    packet_loss 0.0
  ]
  edge [
    source 15
    target 4
    latency "8085 us"
    packet_loss 0.0
  ]
  edge [
    source 15
    target 5
    latency "99843 us"
    packet_loss 0.0
  ]
  edge [
    source 15
    target 6
    latency "84187 us"
    packet_loss 0.0
  ]
  edge [
    source 15
    target 7
    latency "91406 us"
    packet_loss 0.0
  ]
  edge [
    source 15
    target 8
    latency "9375 us"
    packet_loss 0.0
  ]
  edge [
    source 15
    target 9
    latency "62562 us"
    packet_loss 0.0
  ]
  edge [
    source 15
    target 10
    latency "9476 us"
    packet_loss 0.0
  ]
  edge [
    source 15
    target 11
    latency "58429 us"
    packet_loss 0.0
  ]
  edge [
    source 15
    target 12
    latency "104976 us"
    packet_loss 0.0
  ]
  edge [
    source 15
    target 13
    latency "8070 us"
    packet_loss 0.0
  ]
  edge [
    source 15
    target 14
    latency "75445 us"
    packet_loss 0.0
  ]
  edge [
    source 15
    target 15
    latency "1000 us"
    packet_loss 0.0
  ]
]
