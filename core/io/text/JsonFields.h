#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace rb::io {

// Typed, strict access to the members of one JSON object. Every problem is reported once, with
// the dotted path of the member ("params.dt"), into an error slot shared with child objects so
// that a parser can read a whole tree and check for the first error at the end.
class JsonFields {
public:
    JsonFields(const QJsonObject& object, QString path = {});

    bool ok() const { return error_->message.isEmpty(); }
    const QString& error() const { return error_->message; }
    // True when the first problem is about the shape of the JSON (missing member, wrong type)
    // rather than about a value the caller rejected (an unknown name, a number out of range).
    bool structural() const { return error_->structural; }
    // Records a problem found by the caller (only the first problem is kept).
    void fail(const QString& message) const { record(message, false); }
    QString pathOf(const QString& key) const;

    bool has(const QString& key) const { return object_.contains(key); } // for members added in later versions
    JsonFields child(const QString& key) const;          // a nested object
    JsonFields element(const QJsonArray& array, int i, const QString& key) const; // array[i] as an object
    QJsonArray array(const QString& key) const;
    // Each object of the array `key` as read(JsonFields of it), in order, up to the first problem.
    template <typename Read>
    auto elements(const QString& key, Read read) const -> std::vector<decltype(read(*this))>
    {
        const QJsonArray items = array(key);
        std::vector<decltype(read(*this))> values;
        for (int i = 0; i < items.size() && ok(); ++i) values.push_back(read(element(items, i, key)));
        return values;
    }

    double exactNumber(const QString& key) const;        // a string written by exactDoubleText
    std::int64_t exactInt64(const QString& key) const;   // a string written by int64Text
    double number(const QString& key) const;             // a plain finite JSON number
    int integer(const QString& key, int min, int max) const;
    bool boolean(const QString& key) const;
    QString string(const QString& key) const;

    // A name parsed by one of the model's parse functions; `what` names the kind ("pipe mode").
    template <typename Parse>
    auto name(const QString& key, const char* what, Parse parse) const -> decltype(parse(std::string_view{}))
    {
        const QByteArray text = string(key).toUtf8();
        auto parsed = parse(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
        if (!parsed && ok()) fail(QString("unknown %1 '%2' in %3").arg(what, QString::fromUtf8(text), pathOf(key)));
        return parsed;
    }

private:
    struct Error {
        QString message;
        bool structural = false;
    };
    JsonFields(const QJsonObject& object, QString path, std::shared_ptr<Error> error);
    void record(const QString& message, bool structural) const;
    QJsonValue member(const QString& key) const; // reports a missing member
    void wrongType(const QString& key, const char* expected) const;
    // The member `key`, reported (as not `expected`) when it is present but `is` says it is not
    // of the kind asked for.
    QJsonValue typed(const QString& key, bool (QJsonValue::*is)() const, const char* expected) const;

    QJsonObject object_;
    QString path_;
    std::shared_ptr<Error> error_;
};

} // namespace rb::io
