#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AlmanacCLI

exit(AlmanacCommand.main(Array(CommandLine.arguments.dropFirst())).rawValue)
