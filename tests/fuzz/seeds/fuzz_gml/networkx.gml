graph [
  directed 1
  node [
    id 0
    label "host0.rank0->FW.dense1.MatMul"
  ]
  node [
    id 1
    label "host0.rank0->BW.dense1.MatMulGrad"
  ]
  node [
    id 2
    label "host0.rank0->Comm.0.NCCL_ALLREDUCE"
  ]
  edge [
    source 0
    target 1
  ]
  edge [
    source 1
    target 2
    weight 1.5
  ]
]
