// KernelClassifier: what bounds a kernel and the precision it computes in, from kernel names as real
// traces spell them.

#include "core/exec/kernelclasses.h"
#include "core/model/kernelclassifier.h"

#include "strategyjobs.h"

#include <QTest>

using namespace sightline;

Q_DECLARE_METATYPE(KernelClassifier::Class)
Q_DECLARE_METATYPE(KernelClassifier::Precision)

class TestKernelClassifier : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void classify_data()
    {
        using C = KernelClassifier::Class;
        QTest::addColumn<QString>("name");
        QTest::addColumn<C>("expected");
        QTest::newRow("sgemm") << QStringLiteral("ampere_sgemm_128x64_nn") << C::Matmul;
        QTest::newRow("volta h884") << QStringLiteral("volta_fp16_s884gemm_fp16_128x128_ldg8_f2f_nn") << C::Matmul;
        QTest::newRow("sm90 xmma") << QStringLiteral("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64") << C::Matmul;
        QTest::newRow("nvjet") << QStringLiteral("nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_bias_TNT") << C::Matmul;
        QTest::newRow("cutlass") << QStringLiteral("void cutlass::Kernel2<cutlass_80_wmma_tensorop_s161616gemm>(Params)") << C::Matmul;
        QTest::newRow("cudnn conv") << QStringLiteral("void implicit_convolve_sgemm<float, float, 128, 5>(int, int)") << C::Matmul;
        QTest::newRow("cudnn fprop") << QStringLiteral("sm86_xmma_fprop_implicit_gemm_indexed_tf32f32") << C::Matmul;
        QTest::newRow("flash") << QStringLiteral("void pytorch_flash::flash_fwd_kernel<Flash_fwd_kernel_traits>(Params)") << C::Matmul;
        QTest::newRow("triton mm") << QStringLiteral("triton_tem_fused_addmm_0") << C::Matmul;
        QTest::newRow("layer norm") << QStringLiteral("void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<float>(int)")
                                    << C::Normalization;
        QTest::newRow("softmax") << QStringLiteral("void at::native::(anonymous namespace)::cunn_SoftMaxForward<4>(float*)") << C::Normalization;
        QTest::newRow("reduce") << QStringLiteral("void at::native::reduce_kernel<512, 1>(at::native::ReduceOp<float>)") << C::Normalization;
        QTest::newRow("batch norm") << QStringLiteral("void cudnn::bn_fw_tr_1C11_kernel_NCHW<float>(cudnnTensorStruct)") << C::Normalization;
        QTest::newRow("triton reduction") << QStringLiteral("triton_red_fused_native_layer_norm_0") << C::Normalization;
        QTest::newRow("elementwise") << QStringLiteral("void at::native::vectorized_elementwise_kernel<4, at::native::gemm_helper>(int)")
                                     << C::Elementwise;
        QTest::newRow("convert is no convolution") << QStringLiteral("convert_fp32_to_bf16_kernel") << C::Elementwise;
        QTest::newRow("triton pointwise") << QStringLiteral("triton_poi_fused_gelu_1") << C::Elementwise;
        QTest::newRow("triton pointwise after a convolution")
            << QStringLiteral("triton_poi_fused_convolution_relu_0") << C::Elementwise;
        QTest::newRow("triton reduction of a matmul's output")
            << QStringLiteral("triton_per_fused_addmm_gemm_softmax_2") << C::Normalization;
        QTest::newRow("cudnn dgrad") << QStringLiteral("sm80_xmma_dgrad_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nchw")
                                     << C::Matmul;
        QTest::newRow("cudnn dgrad engine")
            << QStringLiteral("void cudnn::detail::dgrad_engine<float, 128, 6, 7, 3, 3, 5, false>(int)") << C::Matmul;
        QTest::newRow("tf bias gradient is no dgrad") << QStringLiteral("BiasAddGrad") << C::Normalization;
        QTest::newRow("tf matmul") << QStringLiteral("MatMul") << C::Matmul;
        QTest::newRow("tf batch matmul") << QStringLiteral("BatchMatMulV2") << C::Matmul;
        QTest::newRow("layer-wise linear") << QStringLiteral("Linear") << C::Matmul;
        QTest::newRow("bilinear upsampling is no linear layer")
            << QStringLiteral("void at::native::upsample_bilinear2d_out_frame<float, float>(int)") << C::Elementwise;
        QTest::newRow("adam") << QStringLiteral("void at::native::multi_tensor_apply_kernel<FusedAdamMathFunctor>(T)") << C::Elementwise;
    }
    void classify()
    {
        QFETCH(QString, name);
        QFETCH(KernelClassifier::Class, expected);
        QCOMPARE(KernelClassifier::classify(name.toStdString()), expected);
    }

    void precision_data()
    {
        // Names from the ground-truth traces (H100: cuBLAS, CUTLASS, cuDNN, PyTorch's attention) and cuBLAS's
        // older spellings.
        using P = KernelClassifier::Precision;
        QTest::addColumn<QString>("name");
        QTest::addColumn<P>("expected");
        QTest::newRow("xmma ffma") << QStringLiteral("sm80_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize128x128x8_stage3_warpsize2x2x1_ffma_aligna4")
                                   << P::Fp32;
        QTest::newRow("cutlass simt") << QStringLiteral("void cutlass::Kernel2<cutlass_80_simt_sgemm_128x256_8x4_nt_align1>(Params)") << P::Fp32;
        QTest::newRow("fmha f32") << QStringLiteral("fmha_cutlassF_f32_aligned_64x64_rf_sm80(PyTorchMemEffAttention::AttentionKernel<float>)")
                                  << P::Fp32;
        QTest::newRow("cudnn tf32 wgrad")
            << QStringLiteral("sm90_xmma_wgrad_indexed_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize128x128x32") << P::Tf32;
        QTest::newRow("cublas tf32 s1688") << QStringLiteral("ampere_tf32_s1688gemm_tf32_128x128_16x3_nn") << P::Tf32;
        QTest::newRow("cutlass tensorop fp32")
            << QStringLiteral("void cutlass::Kernel<cutlass_80_tensorop_s1688gemm_256x64_16x4_nn_align4>(cutlass_80_tensorop_s1688gemm_256x64_16x4_nn_align4::Params)")
            << P::Tf32;
        QTest::newRow("cutlass tensorop bf16") << QStringLiteral("cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_32x6_nn_align8") << P::Half;
        QTest::newRow("nvjet half") << QStringLiteral("nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT") << P::Half;
        QTest::newRow("xmma bf16") << QStringLiteral("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64") << P::Half;
        QTest::newRow("volta fp16") << QStringLiteral("volta_fp16_s884gemm_fp16_128x128_ldg8_f2f_nn") << P::Half;
        QTest::newRow("template half") << QStringLiteral("void gemmSN_TN_kernel<c10::Half, 128, 16>(cublasGemmSmallNParams)") << P::Half;
        QTest::newRow("workspace init") << QStringLiteral("void cask_plugin__5x_cudnn::xmma__5x_cudnn::init_device_workspace_kernel<Params>(Params)")
                                        << P::Unknown;
    }
    void precision()
    {
        QFETCH(QString, name);
        QFETCH(KernelClassifier::Precision, expected);
        QCOMPARE(KernelClassifier::precision(name.toStdString()), expected);
    }

    void perItemMatchesPerName()
    {
        // KernelClasses, the per-name cache the passes use, gives every item of a job the class of its
        // name, asked twice (the second time from the cache).
        const auto session = sightline::strategyjobs::sessionOf(sightline::strategyjobs::kernelChainJob());
        QVERIFY(session);
        const sightline::ExecutionGraph& g = *session->measured();
        sightline::KernelClasses classes(g);
        for (int round = 0; round < 2; ++round) {
            for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
                QCOMPARE(classes.of(sightline::ItemId(i)), KernelClassifier::classify(g.name(sightline::ItemId(i))));
                QCOMPARE(classes.precisionOf(sightline::ItemId(i)), KernelClassifier::precision(g.name(sightline::ItemId(i))));
            }
        }
        // The job's last op is its matrix kernel.
        const sightline::ItemId last = g.itemOfOp()[session->trace().opCount() - 1];
        QCOMPARE(classes.of(last), KernelClassifier::Class::Matmul);
    }
};

QTEST_GUILESS_MAIN(TestKernelClassifier)
#include "tst_kernelclassifier.moc"
