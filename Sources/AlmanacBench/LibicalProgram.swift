import Foundation
import AlmanacCore

/// libical as an anchor for ics reading: a small C program, written here and compiled at
/// run time with `cc -O2` against Debian's libical-dev (3.0.16), that parses a calendar
/// with `icalparser_parse` reading line by line, as libical's documentation shows, counts
/// its VEVENTs and frees the tree.
enum LibicalProgram {
    static let source = """
        #include <libical/ical.h>
        #include <stdio.h>

        static char *next_line(char *buffer, size_t size, void *file) {
            return fgets(buffer, (int)size, (FILE *)file);
        }

        int main(int argc, char **argv) {
            if (argc != 2) { fprintf(stderr, "usage: libical-parse FILE\\n"); return 2; }
            FILE *file = fopen(argv[1], "rb");
            if (!file) { perror(argv[1]); return 1; }
            icalparser *parser = icalparser_new();
            icalparser_set_gen_data(parser, file);
            icalcomponent *root = icalparser_parse(parser, next_line);
            long events = 0;
            for (icalcomponent *calendar = root; calendar; calendar = NULL) {
                icalcomponent *inner = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT);
                for (; inner; inner = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)) events++;
            }
            printf("events %ld\\n", events);
            if (root) icalcomponent_free(root);
            icalparser_free(parser);
            fclose(file);
            return 0;
        }
        """

    /// Compiles the program into `folder`; `nil` with a note when libical or a C compiler is missing.
    static func build(in folder: String) -> String? {
        let sourcePath = "\(folder)/libical_parse.c"
        let binary = "\(folder)/libical-parse"
        do {
            try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
        } catch {
            print("note: cannot write \(sourcePath): \(error)")
            return nil
        }
        let compiled: ChildProcess.Termination
        do {
            let compiler = try ChildProcess("cc", ["-O2", "-o", binary, sourcePath, "-lical"], input: .inherit, output: .inherit, errors: .inherit)
            compiled = compiler.wait()
        } catch {
            print("note: no C compiler to build the libical anchor (\(error)); install gcc and libical-dev")
            return nil
        }
        guard compiled == .exited(0) else {
            print("note: the libical anchor did not compile; install libical-dev (apt-get install libical-dev)")
            return nil
        }
        return binary
    }
}
