// What an op is, from its category and name: kernels, NCCL collectives, runtime calls, annotations.

#include "core/model/opclassifier.h"

#include <QTest>

using namespace sightline;

Q_DECLARE_METATYPE(OpKind)

namespace {

std::string_view sv(const QByteArray& b)
{
    return { b.constData(), static_cast<std::size_t>(b.size()) };
}

} // namespace

class TestOpClassifier : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void classify_data();
    void classify();
    void normalizeCollective_data();
    void normalizeCollective();
    void collectiveOfKernel_data();
    void collectiveOfKernel();
    void collectiveOfCpuOp_data();
    void collectiveOfCpuOp();
    void isCommCpuOp_data();
    void isCommCpuOp();
    void commKind();
    void dtypeBytes_data();
    void dtypeBytes();
    void profilerStepNumber_data();
    void profilerStepNumber();
    void gpuCategories();
    void accumulateGrad();
};

void TestOpClassifier::classify_data()
{
    QTest::addColumn<QByteArray>("category");
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<bool>("onGpuTrack");
    QTest::addColumn<OpKind>("expected");

    // NCCL kernels, old (<= 2.18) and new naming.
    QTest::newRow("nccl old all_reduce") << QByteArray(
        "kernel") << QByteArray("ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)")
                                         << true << OpKind::Collective;
    QTest::newRow("nccl new all_gather") << QByteArray("kernel") << QByteArray("ncclDevKernel_AllGather_RING_LL")
                                         << true << OpKind::Collective;
    QTest::newRow("nccl new reduce_scatter args")
        << QByteArray("kernel")
        << QByteArray("ncclDevKernel_ReduceScatter_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)") << true
        << OpKind::Collective;
    QTest::newRow("rccl generic") << QByteArray("kernel") << QByteArray("ncclDevKernel_Generic") << true
                                  << OpKind::Collective;
    QTest::newRow("rccl generic args") << QByteArray("kernel")
                                       << QByteArray("ncclDevKernel_Generic_4(ncclDevKernelArgsStorage<4096ul>)")
                                       << true << OpKind::Collective;
    QTest::newRow("nccl sendrecv") << QByteArray(
        "kernel") << QByteArray("ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)")
                                   << true << OpKind::Collective;
    QTest::newRow("nccl 2021 Kernel category")
        << QByteArray("Kernel") << QByteArray("ncclKernel_AllReduce_RING_LL_Sum_half") << true << OpKind::Collective;
    QTest::newRow("nccl kernel, no category, gpu track")
        << QByteArray("") << QByteArray("ncclKernel_AllReduce_RING_LL_Sum_float") << true << OpKind::Collective;
    QTest::newRow("nccl-looking name on cpu")
        << QByteArray("cpu_op") << QByteArray("ncclKernel_AllReduce_RING_LL_Sum_float") << false << OpKind::CpuOp;
    QTest::newRow("compute kernel") << QByteArray(
        "kernel") << QByteArray("void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float> >")
                                    << true << OpKind::ComputeKernel;
    QTest::newRow("kernel containing nccl")
        << QByteArray("kernel") << QByteArray("my_ncclKernel_lookalike") << true << OpKind::ComputeKernel;

    // CPU-side communication.
    QTest::newRow("nccl:all_reduce annotation")
        << QByteArray("user_annotation") << QByteArray("nccl:all_reduce") << false << OpKind::Collective;
    QTest::newRow("nccl:all_reduce cpu_op")
        << QByteArray("cpu_op") << QByteArray("nccl:all_reduce") << false << OpKind::Collective;
    QTest::newRow("nccl:send") << QByteArray("cpu_op") << QByteArray("nccl:send") << false << OpKind::Send;
    QTest::newRow("nccl:recv") << QByteArray("cpu_op") << QByteArray("nccl:recv") << false << OpKind::Recv;
    QTest::newRow("gloo:all_reduce") << QByteArray("cpu_op") << QByteArray("gloo:all_reduce") << false
                                     << OpKind::Collective;
    QTest::newRow("c10d::allreduce_") << QByteArray("cpu_op") << QByteArray("c10d::allreduce_") << false
                                      << OpKind::Collective;
    QTest::newRow("c10d::_allgather_base_")
        << QByteArray("cpu_op") << QByteArray("c10d::_allgather_base_") << false << OpKind::Collective;
    QTest::newRow("record_param_comms") << QByteArray("cpu_op") << QByteArray("record_param_comms") << false
                                        << OpKind::Collective;

    // Python frames may mention nccl anywhere: they stay CPU ops.
    QTest::newRow("python frame nccl") << QByteArray("python_function")
                                       << QByteArray("torch/distributed/distributed_c10d.py(2050): all_reduce nccl")
                                       << false << OpKind::CpuOp;
    QTest::newRow("python frame nccl prefix")
        << QByteArray("python_function") << QByteArray("nccl:all_reduce") << false << OpKind::CpuOp;
    QTest::newRow("python frame nccl module")
        << QByteArray("python_function") << QByteArray("apex/parallel/nccl_utils.py(12): ncclKernel_wrapper") << false
        << OpKind::CpuOp;
    QTest::newRow("python frame c10d") << QByteArray("python_function") << QByteArray("c10d::allreduce_") << false
                                       << OpKind::CpuOp;

    // GPU-side annotation copies.
    QTest::newRow("gpu_user_annotation nccl")
        << QByteArray("gpu_user_annotation") << QByteArray("nccl:all_reduce") << true << OpKind::Annotation;
    QTest::newRow("gpu_user_annotation step")
        << QByteArray("gpu_user_annotation") << QByteArray("ProfilerStep#3") << true << OpKind::Annotation;

    // Runtime and synchronisation.
    QTest::newRow("cudaLaunchKernel") << QByteArray("cuda_runtime") << QByteArray("cudaLaunchKernel") << false
                                      << OpKind::Runtime;
    QTest::newRow("cudaMemcpyAsync") << QByteArray("cuda_runtime") << QByteArray("cudaMemcpyAsync") << false
                                     << OpKind::Runtime;
    QTest::newRow("cudaStreamSynchronize")
        << QByteArray("cuda_runtime") << QByteArray("cudaStreamSynchronize") << false << OpKind::Sync;
    QTest::newRow("cudaDeviceSynchronize")
        << QByteArray("cuda_runtime") << QByteArray("cudaDeviceSynchronize") << false << OpKind::Sync;
    QTest::newRow("cuLaunchKernel driver")
        << QByteArray("cuda_driver") << QByteArray("cuLaunchKernel") << false << OpKind::Runtime;
    QTest::newRow("hipLaunchKernel") << QByteArray("cuda_runtime") << QByteArray("hipLaunchKernel") << false
                                     << OpKind::Runtime;
    QTest::newRow("cuda_sync") << QByteArray("cuda_sync") << QByteArray("Stream Sync") << true << OpKind::Sync;

    // Memory.
    QTest::newRow("gpu_memcpy") << QByteArray("gpu_memcpy") << QByteArray("Memcpy HtoD (Pageable -> Device)") << true
                                << OpKind::Memcpy;
    QTest::newRow("Memcpy 2021") << QByteArray("Memcpy") << QByteArray("Memcpy DtoD (Device -> Device)") << true
                                 << OpKind::Memcpy;
    QTest::newRow("gpu_memset") << QByteArray("gpu_memset") << QByteArray("Memset (Device)") << true << OpKind::Memset;
    QTest::newRow("Memset 2021") << QByteArray("Memset") << QByteArray("Memset (Device)") << true << OpKind::Memset;

    // 2021 schema categories.
    QTest::newRow("Operator") << QByteArray("Operator") << QByteArray("aten::conv2d") << false << OpKind::CpuOp;
    QTest::newRow("Kernel") << QByteArray("Kernel") << QByteArray("volta_sgemm_128x64_nn") << true
                            << OpKind::ComputeKernel;
    QTest::newRow("Runtime") << QByteArray("Runtime") << QByteArray("cudaLaunchKernel") << false << OpKind::Runtime;
    QTest::newRow("Runtime sync") << QByteArray("Runtime") << QByteArray("cudaDeviceSynchronize") << false
                                  << OpKind::Sync;

    // Annotations, I/O and plain CPU ops.
    QTest::newRow("ProfilerStep annotation")
        << QByteArray("user_annotation") << QByteArray("ProfilerStep#12") << false << OpKind::Annotation;
    QTest::newRow("user annotation") << QByteArray("user_annotation") << QByteArray("## forward ##") << false
                                     << OpKind::Annotation;
    QTest::newRow("dataloader") << QByteArray("user_annotation")
                                << QByteArray("enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__") << false
                                << OpKind::Io;
    QTest::newRow("dataloader cpu_op") << QByteArray("cpu_op")
                                       << QByteArray("enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__")
                                       << false << OpKind::Io;
    QTest::newRow("aten op") << QByteArray("cpu_op") << QByteArray("aten::mm") << false << OpKind::CpuOp;
    QTest::newRow("python function") << QByteArray("python_function") << QByteArray("train.py(42): step") << false
                                     << OpKind::CpuOp;
    QTest::newRow("unknown on gpu track")
        << QByteArray("") << QByteArray("some_kernel") << true << OpKind::ComputeKernel;
    QTest::newRow("unknown on cpu track") << QByteArray("") << QByteArray("some_slice") << false << OpKind::CpuOp;
}

void TestOpClassifier::classify()
{
    QFETCH(QByteArray, category);
    QFETCH(QByteArray, name);
    QFETCH(bool, onGpuTrack);
    QFETCH(OpKind, expected);
    const OpKind kind = OpClassifier::classify(sv(category), sv(name), onGpuTrack);
    QVERIFY2(kind == expected,
        qPrintable(QStringLiteral("got %1, expected %2")
                       .arg(QString::fromLatin1(opKindName(kind).data(), qsizetype(opKindName(kind).size())),
                           QString::fromLatin1(opKindName(expected).data(), qsizetype(opKindName(expected).size())))));
}

void TestOpClassifier::normalizeCollective_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("allreduce") << QByteArray("allreduce") << QByteArray("all_reduce");
    QTest::newRow("all_reduce") << QByteArray("all_reduce") << QByteArray("all_reduce");
    QTest::newRow("AllReduce") << QByteArray("AllReduce") << QByteArray("all_reduce");
    QTest::newRow("allreduce_coalesced") << QByteArray("allreduce_coalesced") << QByteArray("all_reduce");
    QTest::newRow("_allgather_base") << QByteArray("_allgather_base") << QByteArray("all_gather");
    QTest::newRow("all_gather_into_tensor") << QByteArray("all_gather_into_tensor") << QByteArray("all_gather");
    QTest::newRow("allgather_into_tensor_coalesced")
        << QByteArray("allgather_into_tensor_coalesced") << QByteArray("all_gather");
    QTest::newRow("AllGather") << QByteArray("AllGather") << QByteArray("all_gather");
    QTest::newRow("reduce_scatter_tensor") << QByteArray("reduce_scatter_tensor") << QByteArray("reduce_scatter");
    QTest::newRow("_reduce_scatter_base") << QByteArray("_reduce_scatter_base") << QByteArray("reduce_scatter");
    QTest::newRow("ReduceScatter") << QByteArray("ReduceScatter") << QByteArray("reduce_scatter");
    QTest::newRow("alltoall_base") << QByteArray("alltoall_base") << QByteArray("all_to_all");
    QTest::newRow("all_to_all") << QByteArray("all_to_all") << QByteArray("all_to_all");
    QTest::newRow("all_to_all_single") << QByteArray("all_to_all_single") << QByteArray("all_to_all");
    QTest::newRow("alltoallv") << QByteArray("alltoallv") << QByteArray("all_to_all");
    QTest::newRow("broadcast") << QByteArray("broadcast") << QByteArray("broadcast");
    QTest::newRow("Broadcast") << QByteArray("Broadcast") << QByteArray("broadcast");
    QTest::newRow("reduce") << QByteArray("reduce") << QByteArray("reduce");
    QTest::newRow("SendRecv") << QByteArray("SendRecv") << QByteArray("send_recv");
    QTest::newRow("send") << QByteArray("send") << QByteArray("send");
    QTest::newRow("recv") << QByteArray("recv") << QByteArray("recv");
    QTest::newRow("recvAnySource") << QByteArray("recvAnySource") << QByteArray("recv");
    QTest::newRow("barrier") << QByteArray("barrier") << QByteArray("barrier");
    QTest::newRow("gather") << QByteArray("gather") << QByteArray("gather");
    QTest::newRow("scatter") << QByteArray("scatter") << QByteArray("scatter");
}

void TestOpClassifier::normalizeCollective()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    QCOMPARE(QByteArray::fromStdString(OpClassifier::normalizeCollective(sv(input))), expected);
}

void TestOpClassifier::collectiveOfKernel_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<bool>("isComm");
    QTest::newRow("old all_reduce") << QByteArray(
        "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)")
                                    << QByteArray("all_reduce") << true;
    QTest::newRow("old no args") << QByteArray("ncclKernel_AllReduce_RING_LL_Sum_float") << QByteArray("all_reduce")
                                 << true;
    QTest::newRow("new all_gather") << QByteArray("ncclDevKernel_AllGather_RING_LL") << QByteArray("all_gather")
                                    << true;
    QTest::newRow("new all_reduce args") << QByteArray(
        "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)")
                                         << QByteArray("all_reduce") << true;
    QTest::newRow("new reduce_scatter") << QByteArray("ncclDevKernel_ReduceScatter_Sum_f32_RING_LL")
                                        << QByteArray("reduce_scatter") << true;
    QTest::newRow("broadcast") << QByteArray("ncclKernel_Broadcast_RING_LL_Sum_int8_t") << QByteArray("broadcast")
                               << true;
    QTest::newRow("sendrecv") << QByteArray(
        "ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)")
                              << QByteArray("send_recv") << true;
    QTest::newRow("sendrecv new") << QByteArray("ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096ul>)")
                                  << QByteArray("send_recv") << true;
    QTest::newRow("generic") << QByteArray("ncclDevKernel_Generic") << QByteArray("") << true;
    QTest::newRow("generic numbered") << QByteArray("ncclDevKernel_Generic_4(ncclDevKernelArgsStorage<4096ul>)")
                                      << QByteArray("") << true;
    QTest::newRow("compute kernel") << QByteArray("volta_sgemm_128x64_nn") << QByteArray("") << false;
    QTest::newRow("substring only") << QByteArray("fused_ncclKernel_AllReduce") << QByteArray("") << false;
}

void TestOpClassifier::collectiveOfKernel()
{
    QFETCH(QByteArray, name);
    QFETCH(QByteArray, expected);
    QFETCH(bool, isComm);
    QCOMPARE(QByteArray::fromStdString(OpClassifier::collectiveOfKernel(sv(name))), expected);
    QCOMPARE(OpClassifier::isCommKernel(sv(name)), isComm);
}

void TestOpClassifier::collectiveOfCpuOp_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("nccl:all_reduce") << QByteArray("nccl:all_reduce") << QByteArray("all_reduce");
    QTest::newRow("nccl:_all_gather_base") << QByteArray("nccl:_all_gather_base") << QByteArray("all_gather");
    QTest::newRow("nccl:all_to_all") << QByteArray("nccl:all_to_all") << QByteArray("all_to_all");
    QTest::newRow("gloo:all_reduce") << QByteArray("gloo:all_reduce") << QByteArray("all_reduce");
    QTest::newRow("c10d::allreduce_") << QByteArray("c10d::allreduce_") << QByteArray("all_reduce");
    QTest::newRow("c10d::broadcast_") << QByteArray("c10d::broadcast_") << QByteArray("broadcast");
    QTest::newRow("c10d::reduce_scatter_tensor_coalesced_")
        << QByteArray("c10d::reduce_scatter_tensor_coalesced_") << QByteArray("reduce_scatter");
    QTest::newRow("record_param_comms") << QByteArray("record_param_comms") << QByteArray("");
    QTest::newRow("aten::mm") << QByteArray("aten::mm") << QByteArray("");
}

void TestOpClassifier::collectiveOfCpuOp()
{
    QFETCH(QByteArray, name);
    QFETCH(QByteArray, expected);
    QCOMPARE(QByteArray::fromStdString(OpClassifier::collectiveOfCpuOp(sv(name))), expected);
}

void TestOpClassifier::isCommCpuOp_data()
{
    QTest::addColumn<QByteArray>("category");
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<bool>("expected");
    QTest::newRow("nccl user_annotation") << QByteArray("user_annotation") << QByteArray("nccl:all_reduce") << true;
    QTest::newRow("gloo cpu_op") << QByteArray("cpu_op") << QByteArray("gloo:broadcast") << true;
    QTest::newRow("c10d") << QByteArray("cpu_op") << QByteArray("c10d::allgather_") << true;
    QTest::newRow("record_param_comms") << QByteArray("cpu_op") << QByteArray("record_param_comms") << true;
    QTest::newRow("python frame") << QByteArray("python_function") << QByteArray("nccl:all_reduce") << false;
    QTest::newRow("gpu annotation") << QByteArray("gpu_user_annotation") << QByteArray("nccl:all_reduce") << false;
    QTest::newRow("kernel category") << QByteArray("kernel") << QByteArray("nccl:all_reduce") << false;
    QTest::newRow("contains nccl") << QByteArray("cpu_op") << QByteArray("my_nccl:all_reduce") << false;
    QTest::newRow("record_param_comms prefix")
        << QByteArray("cpu_op") << QByteArray("record_param_comms_extra") << false;
}

void TestOpClassifier::isCommCpuOp()
{
    QFETCH(QByteArray, category);
    QFETCH(QByteArray, name);
    QFETCH(bool, expected);
    QCOMPARE(OpClassifier::isCommCpuOp(sv(category), sv(name)), expected);
}

void TestOpClassifier::commKind()
{
    QCOMPARE(OpClassifier::commKind("send"), OpKind::Send);
    QCOMPARE(OpClassifier::commKind("recv"), OpKind::Recv);
    QCOMPARE(OpClassifier::commKind("all_reduce"), OpKind::Collective);
    QCOMPARE(OpClassifier::commKind("send_recv"), OpKind::Collective);
    QCOMPARE(OpClassifier::commKind(""), OpKind::Collective);
    QVERIFY(isCommunication(OpKind::Collective));
    QVERIFY(isCommunication(OpKind::Send));
    QVERIFY(isCommunication(OpKind::Recv));
    QVERIFY(!isCommunication(OpKind::ComputeKernel));
    QVERIFY(!isCommunication(OpKind::Annotation));
}

void TestOpClassifier::dtypeBytes_data()
{
    QTest::addColumn<QByteArray>("dtype");
    QTest::addColumn<int>("expected");
    QTest::newRow("Float") << QByteArray("Float") << 4;
    QTest::newRow("float32") << QByteArray("float32") << 4;
    QTest::newRow("c10::Half") << QByteArray("c10::Half") << 2;
    QTest::newRow("Half") << QByteArray("Half") << 2;
    QTest::newRow("BFloat16") << QByteArray("BFloat16") << 2;
    QTest::newRow("c10::BFloat16") << QByteArray("c10::BFloat16") << 2;
    QTest::newRow("Long") << QByteArray("Long") << 8;
    QTest::newRow("int64") << QByteArray("int64") << 8;
    QTest::newRow("Double") << QByteArray("Double") << 8;
    QTest::newRow("Int") << QByteArray("Int") << 4;
    QTest::newRow("Byte") << QByteArray("Byte") << 1;
    QTest::newRow("Bool") << QByteArray("Bool") << 1;
    QTest::newRow("int8_t") << QByteArray("int8_t") << 1;
    QTest::newRow("Float8_e4m3fn") << QByteArray("Float8_e4m3fn") << 1;
    QTest::newRow("unknown") << QByteArray("unknown") << 0;
    QTest::newRow("empty") << QByteArray("") << 0;
}

void TestOpClassifier::dtypeBytes()
{
    QFETCH(QByteArray, dtype);
    QFETCH(int, expected);
    QCOMPARE(OpClassifier::dtypeBytes(sv(dtype)), expected);
}

void TestOpClassifier::profilerStepNumber_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<qint64>("expected");
    QTest::newRow("12") << QByteArray("ProfilerStep#12") << qint64(12);
    QTest::newRow("0") << QByteArray("ProfilerStep#0") << qint64(0);
    QTest::newRow("550") << QByteArray("ProfilerStep#550") << qint64(550);
    QTest::newRow("large") << QByteArray("ProfilerStep#123456789012") << qint64(123456789012);
    QTest::newRow("no number") << QByteArray("ProfilerStep#") << qint64(-1);
    QTest::newRow("no hash") << QByteArray("ProfilerStep12") << qint64(-1);
    QTest::newRow("trailing letters") << QByteArray("ProfilerStep#12a") << qint64(-1);
    QTest::newRow("negative") << QByteArray("ProfilerStep#-1") << qint64(-1);
    QTest::newRow("too large") << QByteArray("ProfilerStep#99999999999999999999999") << qint64(-1);
    QTest::newRow("other op") << QByteArray("aten::mm") << qint64(-1);
    QTest::newRow("prefix only inside") << QByteArray("## ProfilerStep#3") << qint64(-1);
    QTest::newRow("empty") << QByteArray("") << qint64(-1);
}

void TestOpClassifier::profilerStepNumber()
{
    QFETCH(QByteArray, name);
    QFETCH(qint64, expected);
    QCOMPARE(qint64(OpClassifier::profilerStepNumber(sv(name))), expected);
}

void TestOpClassifier::gpuCategories()
{
    for (const char* c : { "kernel", "gpu_memcpy", "gpu_memset", "gpu_user_annotation", "Kernel", "Memcpy", "Memset" })
        QVERIFY2(OpClassifier::isGpuCategory(c), c);
    for (const char* c : { "cpu_op", "user_annotation", "cuda_runtime", "python_function", "Operator", "Runtime", "" })
        QVERIFY2(!OpClassifier::isGpuCategory(c), c);
}

// The autograd node itself, not the engine's span around it nor other backward nodes.
void TestOpClassifier::accumulateGrad()
{
    QVERIFY(OpClassifier::isAccumulateGrad("torch::autograd::AccumulateGrad"));
    for (const char* name : { "autograd::engine::evaluate_function: torch::autograd::AccumulateGrad", "MmBackward0",
             "torch::autograd::AccumulateGrad ", "AccumulateGrad", "" })
        QVERIFY2(!OpClassifier::isAccumulateGrad(name), name);
}

QTEST_GUILESS_MAIN(TestOpClassifier)
#include "tst_opclassifier.moc"
