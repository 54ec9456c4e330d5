/// almanac's exit statuses, after BSD's sysexits where one fits. Every ``AlmanacError``
/// carries one; the command line exits with it.
public enum ExitStatus: Int32, Sendable {
    /// Success.
    case success = 0
    /// Validation found errors.
    case validationFailed = 1
    /// The command line is wrong (EX_USAGE).
    case usage = 64
    /// An input is malformed (EX_DATAERR).
    case dataError = 65
    /// An input file is missing or unreadable (EX_NOINPUT).
    case noInput = 66
    /// An external verb (`almanac-VERB`) failed or returned bad output (EX_SOFTWARE).
    case externalVerbFailed = 70
    /// The output cannot be created (EX_CANTCREAT).
    case cannotCreate = 73
    /// Another input/output error (EX_IOERR).
    case ioError = 74
}
