#!/usr/bin/env python3
"""Writes the layer-wise profile of a BERT-base-like data-parallel job, as dPRO's Table 4 ran it.

dPRO (seed 000, section 7.4, Table 4) trains BERT Base in TensorFlow with a batch of 64 sequences of
128 tokens per GPU on 16 V100s of 16 GB: the job without a memory optimisation runs out of memory, and
both recomputation and gradient accumulation bring it under the budget. This script models that job
from its shapes, so that Sightline's memory and time passes can be checked against the table:

* Layers are the sub-layers of each encoder layer (qkv, scores, probs, context, attention output,
  intermediate, gelu, ffn output) plus the embeddings and the pre-training heads, in forward order.
* Times: a matrix product takes its FLOPs at MATMUL_TFLOPS (fp32 SGEMM on a V100), an element-wise
  op moves its bytes at MEMORY_GBPS, and every framework op costs OP_OVERHEAD_US. A backward takes
  twice its forward. The all-reduce of a layer's gradients is a ring over the job's slowest link.
* Activations: what TensorFlow 1.x keeps for the backward of an unfused fp32 graph. Each gradient op
  keeps the inputs it reads: a Mul keeps both operands, dropout keeps its scaled input and its float
  mask, the erf-free GELU of the reference BERT keeps five intermediates, and an unfused LayerNorm
  keeps its centred input, its normalised output and its output. A layer's row counts the tensors
  its forward creates and some backward reads; the job holds them from the layer's forward to the end
  of its backward.
* Model state: fp32 weights, fp32 gradients and Adam's two moments ("# optimizer_states: 2").

Nothing here is measured; the figures Sightline predicts from this profile are compared with the
measured ones of Table 4 in docs/fidelity.md.

usage: bert_layerwise.py [OUT.csv]   (default: tests/fixtures/layerwise/bert-base-b64-16xv100.csv)
"""

import os
import sys

BATCH = 64
SEQ = 128
HIDDEN = 768
HEADS = 12
FFN = 4 * HIDDEN
LAYERS = 12
VOCAB = 30522
POSITIONS = 512
MASKED = 20  # predictions per sequence of the masked-LM head (the reference max_predictions_per_seq)
WORKERS = 16
FLOAT = 4  # fp32

MATMUL_TFLOPS = 11.0  # V100 SGEMM at these shapes, about 70 % of its 15.7 TFLOPS peak
MEMORY_GBPS = 700.0  # element-wise ops: about 78 % of the V100's 900 GB/s
OP_OVERHEAD_US = 8.0  # TensorFlow's per-op executor and launch cost
LINK_GBPS = 12.5  # 100 Gb/s between the hosts: the ring's slowest link
LINK_LATENCY_US = 10.0
ADAM_PASSES = 10  # unfused Adam reads and writes the weights, gradients and moments about this often

TOKENS = BATCH * SEQ
E = TOKENS * HIDDEN * FLOAT  # one hidden-state tensor
S = BATCH * HEADS * SEQ * SEQ * FLOAT  # one attention-score tensor
F = TOKENS * FFN * FLOAT  # one intermediate tensor


def matmul_us(m, k, n):
    return 2.0 * m * k * n / (MATMUL_TFLOPS * 1e12) * 1e6


def moved_us(nbytes):
    return nbytes / (MEMORY_GBPS * 1e9) * 1e6


def allreduce_us(nbytes):
    if nbytes <= 0:
        return 0.0
    steps = 2 * (WORKERS - 1)
    return steps * LINK_LATENCY_US + steps / WORKERS * nbytes / (LINK_GBPS * 1e9) * 1e6


class Row:
    def __init__(self, name, forward_us, ops, params, kept):
        self.name = name
        self.forward_us = forward_us + ops * OP_OVERHEAD_US
        self.backward_us = 2.0 * forward_us + 2 * ops * OP_OVERHEAD_US
        self.gradient_bytes = params * FLOAT
        self.activation_bytes = kept


def dense(tokens, n_in, n_out):
    """A dense layer's product and bias add."""
    return matmul_us(tokens, n_in, n_out) + moved_us(3 * tokens * n_out * FLOAT)


def dropout_residual_layernorm(tokens):
    """Dropout (scaled input and float mask kept), the residual add and an unfused LayerNorm."""
    t = tokens * HIDDEN * FLOAT
    time = moved_us(5 * t) + moved_us(3 * t) + moved_us(10 * t)
    kept = 2 * t + 3 * t
    return time, kept


def rows():
    out = []
    # Embeddings: three lookups, their sum, LayerNorm and dropout.
    t, kept = dropout_residual_layernorm(TOKENS)
    out.append(Row("embeddings", moved_us(6 * E) + t, 12, (VOCAB + POSITIONS + 2) * HIDDEN + 2 * HIDDEN, kept))
    for i in range(LAYERS):
        p = f"encoder.{i}."
        # Q, K and V: kept for the score and context products' gradients.
        out.append(Row(p + "attention.qkv", 3 * dense(TOKENS, HIDDEN, HIDDEN), 9, 3 * (HIDDEN * HIDDEN + HIDDEN), 3 * E))
        # Q K^T and its scaling (the Mul keeps the raw scores), the mask added.
        out.append(Row(p + "attention.scores", matmul_us(BATCH * HEADS * SEQ, 64, SEQ) + moved_us(5 * S), 6, 0, S))
        # Softmax (keeps its output) and dropout (keeps the scaled probabilities, the float mask and
        # the result the context product reads).
        out.append(Row(p + "attention.probs", moved_us(12 * S), 8, 0, 4 * S))
        # probs V: the context, kept for the output projection's gradient.
        out.append(Row(p + "attention.context", matmul_us(BATCH * HEADS * SEQ, SEQ, 64) + moved_us(2 * E), 4, 0, E))
        t, kept = dropout_residual_layernorm(TOKENS)
        out.append(Row(p + "attention.output", dense(TOKENS, HIDDEN, HIDDEN) + t, 14, HIDDEN * HIDDEN + 3 * HIDDEN, kept))
        # The intermediate product: its output is GELU's input.
        out.append(Row(p + "ffn.intermediate", dense(TOKENS, HIDDEN, FFN), 4, HIDDEN * FFN + FFN, F))
        # GELU, tanh form: x^3, the scaled sum, tanh, 1 + tanh, the cdf and x * cdf are kept.
        out.append(Row(p + "ffn.gelu", moved_us(16 * F), 9, 0, 6 * F))
        t, kept = dropout_residual_layernorm(TOKENS)
        out.append(Row(p + "ffn.output", dense(TOKENS, FFN, HIDDEN) + t, 14, FFN * HIDDEN + 3 * HIDDEN, kept))
    # Pooler and next-sentence head on the first token; masked-LM head on the masked positions, its
    # decoder tied to the word embeddings (no weights of its own), with log-softmax and the loss.
    masked = BATCH * MASKED
    logits = masked * VOCAB * FLOAT
    out.append(Row("pooler_nsp", dense(BATCH, HIDDEN, HIDDEN) + dense(BATCH, HIDDEN, 2), 10,
                   HIDDEN * HIDDEN + HIDDEN + 2 * HIDDEN + 2, 4 * BATCH * HIDDEN * FLOAT))
    t, kept = dropout_residual_layernorm(masked)
    out.append(Row("mlm_transform", moved_us(2 * masked * HIDDEN * FLOAT) + dense(masked, HIDDEN, HIDDEN) + t, 16,
                   HIDDEN * HIDDEN + 3 * HIDDEN, kept + 6 * masked * HIDDEN * FLOAT))
    out.append(Row("mlm_decoder", matmul_us(masked, HIDDEN, VOCAB) + moved_us(8 * logits), 12, VOCAB, 3 * logits))
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "fixtures", "layerwise", "bert-base-b64-16xv100.csv")
    table = rows()
    params = sum(r.gradient_bytes for r in table) // FLOAT
    update_us = moved_us(ADAM_PASSES * params * FLOAT) + 40 * OP_OVERHEAD_US
    with open(path, "w", newline="\n") as f:
        f.write("# BERT-base-like job as in dPRO's Table 4, written by tests/generators/bert_layerwise.py:\n")
        f.write(f"# batch {BATCH} x {SEQ} tokens per GPU, fp32, {params} parameters, unfused TensorFlow ops.\n")
        f.write(f"# workers: {WORKERS}\n")
        f.write(f"# update_us: {update_us:.1f}\n")
        f.write("# optimizer_states: 2\n")
        f.write("layer,forward_us,backward_us,communication_us,gradient_bytes,activation_bytes\n")
        for r in table:
            f.write(f"{r.name},{r.forward_us:.1f},{r.backward_us:.1f},{allreduce_us(r.gradient_bytes):.1f},"
                    f"{r.gradient_bytes},{r.activation_bytes}\n")


if __name__ == "__main__":
    main()
