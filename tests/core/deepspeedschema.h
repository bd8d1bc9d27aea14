#pragma once

// What DeepSpeed's own validation accepts of the keys Sightline writes, written down from DeepSpeed's
// config classes as its main branch held them in November 2026 (deepspeedai/DeepSpeed):
// deepspeed/runtime/config.py (DeepSpeedConfig._batch_assertion, _set_batch_related_parameters),
// deepspeed/runtime/zero/config.py (DeepSpeedZeroConfig), deepspeed/runtime/precision_config.py
// (DeepSpeedFP16Config, DeepSpeedBF16Config) and deepspeed/runtime/activation_checkpointing/config.py.
// Its pydantic blocks forbid keys they do not declare; bucket sizes are integer element counts (ge=0);
// the ZeRO stage is 0 to 3; a configuration must give train_batch_size or
// train_micro_batch_size_per_gpu, each a positive integer. The table holds only the keys Sightline may
// write, so it is stricter than DeepSpeed, never looser. check() says what would be refused, or "".

#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <map>

namespace deepspeedschema {

enum class Type { PositiveInt, NonNegativeInt, Stage, Bool, Number, Object };

// Per block ("" the top level), its keys and their types.
inline const std::map<QString, std::map<QString, Type>>& table()
{
    static const std::map<QString, std::map<QString, Type>> t {
        { QString(),
            { { QStringLiteral("train_batch_size"), Type::PositiveInt }, { QStringLiteral("train_micro_batch_size_per_gpu"), Type::PositiveInt },
                { QStringLiteral("gradient_accumulation_steps"), Type::PositiveInt }, { QStringLiteral("fp16"), Type::Object },
                { QStringLiteral("bf16"), Type::Object }, { QStringLiteral("zero_optimization"), Type::Object },
                { QStringLiteral("activation_checkpointing"), Type::Object } } },
        { QStringLiteral("fp16"),
            { { QStringLiteral("enabled"), Type::Bool }, { QStringLiteral("loss_scale"), Type::Number },
                { QStringLiteral("initial_scale_power"), Type::NonNegativeInt }, { QStringLiteral("loss_scale_window"), Type::NonNegativeInt },
                { QStringLiteral("hysteresis"), Type::NonNegativeInt }, { QStringLiteral("min_loss_scale"), Type::NonNegativeInt } } },
        { QStringLiteral("bf16"), { { QStringLiteral("enabled"), Type::Bool } } },
        { QStringLiteral("zero_optimization"),
            { { QStringLiteral("stage"), Type::Stage }, { QStringLiteral("reduce_bucket_size"), Type::NonNegativeInt },
                { QStringLiteral("allgather_bucket_size"), Type::NonNegativeInt }, { QStringLiteral("overlap_comm"), Type::Bool },
                { QStringLiteral("contiguous_gradients"), Type::Bool }, { QStringLiteral("reduce_scatter"), Type::Bool },
                { QStringLiteral("allgather_partitions"), Type::Bool } } },
        { QStringLiteral("activation_checkpointing"),
            { { QStringLiteral("partition_activations"), Type::Bool }, { QStringLiteral("contiguous_memory_optimization"), Type::Bool },
                { QStringLiteral("cpu_checkpointing"), Type::Bool }, { QStringLiteral("number_checkpoints"), Type::NonNegativeInt },
                { QStringLiteral("synchronize_checkpoint_boundary"), Type::Bool }, { QStringLiteral("profile"), Type::Bool } } },
    };
    return t;
}

inline bool wholeNumber(const QJsonValue& v)
{
    return v.isDouble() && v.toDouble() == static_cast<double>(v.toInteger()) && v.toDouble() <= 9.007199254740992e15;
}

inline QString checkBlock(const QString& block, const QJsonObject& o)
{
    const auto& keys = table().at(block);
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString where = block.isEmpty() ? it.key() : block + u'.' + it.key();
        const auto spec = keys.find(it.key());
        if (spec == keys.end())
            return where + QStringLiteral(": not a key DeepSpeed knows here");
        const QJsonValue& v = it.value();
        bool ok = true;
        switch (spec->second) {
        case Type::PositiveInt:
            ok = wholeNumber(v) && v.toInteger() > 0;
            break;
        case Type::NonNegativeInt:
            ok = wholeNumber(v) && v.toInteger() >= 0;
            break;
        case Type::Stage:
            ok = wholeNumber(v) && v.toInteger() >= 0 && v.toInteger() <= 3;
            break;
        case Type::Bool:
            ok = v.isBool();
            break;
        case Type::Number:
            ok = v.isDouble();
            break;
        case Type::Object:
            if (!v.isObject())
                return where + QStringLiteral(": not an object");
            if (const QString inner = checkBlock(it.key(), v.toObject()); !inner.isEmpty())
                return inner;
            break;
        }
        if (!ok)
            return where + QStringLiteral(": not of the type DeepSpeed takes");
    }
    return {};
}

inline QString check(const QByteArray& text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return QStringLiteral("not a JSON object");
    const QJsonObject o = doc.object();
    if (!o.contains(QStringLiteral("train_batch_size")) && !o.contains(QStringLiteral("train_micro_batch_size_per_gpu")))
        return QStringLiteral("neither train_batch_size nor train_micro_batch_size_per_gpu is given");
    return checkBlock(QString(), o);
}

} // namespace deepspeedschema
