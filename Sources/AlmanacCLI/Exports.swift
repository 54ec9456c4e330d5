// The command line is built on the library: what imports it (the executable, its tests)
// sees the library's steps, state and errors too.
@_exported import Almanac
