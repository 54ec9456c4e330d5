/// Splits a command's arguments into options and positional arguments, as declared.
///
/// Accepts `-o FILE`, `--output FILE` and `--output=FILE`; `--` ends the options;
/// a lone `-` is a positional argument (standard input).
struct ArgumentScanner {
    /// One option a command accepts.
    struct Option {
        /// Every spelling, such as `["-o", "--output"]`; the first long one names it in messages.
        var names: [String]
        /// The value's placeholder (`<file>`), or `nil` for a flag.
        var valueName: String?
        /// One line for the help text.
        var help: String

        var key: String { names.last! }
        var isFlag: Bool { valueName == nil }
    }

    /// What the scan found.
    struct Result {
        /// Option values by the option's last (long) name; a repeated option keeps the last value.
        var values: [String: String] = [:]
        /// Repeated value options, every value in order.
        var allValues: [String: [String]] = [:]
        var flags: Set<String> = []
        var positionals: [String] = []

        func value(_ name: String) -> String? { values[name] }
        func has(_ name: String) -> Bool { flags.contains(name) }
    }

    let options: [Option]
    /// The command, for usage errors.
    let command: String?
    /// What the options belong to when it is not the command itself, such as `verb 'head'`,
    /// named in an unknown option's error.
    var subject: String? = nil
    /// Options that are not these but belong elsewhere (convert's own, after a `then`), and
    /// the hint an unknown option's error gives when it is one of them.
    var misplaced: (names: Set<String>, hint: String)? = nil

    func scan(_ arguments: [String]) throws -> Result {
        var result = Result()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                let hint = misplaced.flatMap { $0.names.contains(name) ? $0.hint : nil }
                throw UsageError("Unknown option '\(name)'" + (subject.map { " for \($0)" } ?? ""), command: command, hint: hint)
            }
            if option.isFlag {
                guard inlineValue == nil else { throw UsageError("Option '\(name)' takes no value", command: command) }
                result.flags.insert(option.key)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, Self.canBeValue(arguments[index]) {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("Missing value for '\(name) \(option.valueName!)'", command: command)
            }
            result.values[option.key] = value
            result.allValues[option.key, default: []].append(value)
        }
        return result
    }

    /// Whether `argument`, after an option that takes a value, is that value: anything but
    /// an option, where `-` (standard input) and a negative number (`-3`, `-0.5`) are values.
    static func canBeValue(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return true }
        let second = argument.utf8.dropFirst().first
        let third = argument.utf8.dropFirst(2).first
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        return isDigit(second) || (second == UInt8(ascii: ".") && isDigit(third))
    }
}
