import AlmanacCore

/// Lays out help text in the sections swift-argument-parser users know:
/// OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS.
enum HelpFormatter {
    static let helpOption = ArgumentScanner.Option(names: ["-h", "--help"], valueName: nil, help: "Show help information.")

    /// The whole `--help` text of a command.
    static func help(for command: any Command, registry: FormatRegistry) -> String {
        var text = "OVERVIEW: \(command.abstract)\n\n"
        if !command.discussion.isEmpty { text += command.discussion + "\n\n" }
        text += "USAGE: \(command.usage)\n"
        if !command.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in command.arguments { text += row(argument.name, argument.help) }
        }
        text += "\nOPTIONS:\n"
        for option in command.allOptions(registry) {
            var label = option.names.joined(separator: ", ")
            if let valueName = option.valueName { label += " \(valueName)" }
            text += row(label, option.help)
        }
        return text
    }

    /// A two-column row: the label indented by two, the help from column 26.
    static func row(_ label: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: 26)
        let first = "  " + label
        if first.count < 24 {
            return first + String(repeating: " ", count: 26 - first.count) + help + "\n"
        }
        return first + "\n" + indent + help + "\n"
    }

    /// The lines printed for a usage error: `almanac: error: message`, `hint: …` when the
    /// error has one, `Usage: …` and where to read more.
    static func usageError(_ error: UsageError, usage: String, helpCommand: String) -> String {
        var text = errorLine(error.message) + "\n"
        if let hint = error.hint { text += "hint: \(hint)\n" }
        return text + "Usage: \(usage)\n  See '\(helpCommand) --help' for more information."
    }

    /// `almanac: error: message`, the form of every error that is not about a place in a
    /// file (those are `file:line:column: error: …`). The message's first letter is
    /// lower-cased, unless the word is an acronym (`JSON`), so that every message reads
    /// the same whatever its source wrote.
    static func errorLine(_ message: String) -> String {
        "almanac: error: \(lowercasingFirst(message))"
    }

    /// `message` with its first letter lower-case, unless the first two letters are capitals.
    static func lowercasingFirst(_ message: String) -> String {
        guard let first = message.first, first.isUppercase else { return message }
        if let second = message.dropFirst().first, second.isUppercase { return message }
        return first.lowercased() + message.dropFirst()
    }
}
