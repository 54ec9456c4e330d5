// libxml2 for Swift. xmlversion.h comes first so that ICU can be switched off before the
// other headers see it: Debian's headers pull in the system ICU, which clashes with
// Foundation's own ICU in debug builds ('UErrorCode' has different definitions).
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>

// Swift 6 refuses mutable C globals such as xmlFree: call it through a function.
static inline void almanac_xml_free(void *pointer) { xmlFree(pointer); }

// The generic error handler is variadic, which Swift cannot define: this one drops the
// message. Parser errors reach almanac through structured handlers instead.
static inline __attribute__((unused)) void almanac_xml_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

// Silences libxml2's generic (printing) error handler on the calling thread, so that
// nothing libxml2 reports goes to stderr by itself. libxml2 keeps it per thread.
static inline void almanac_xml_silence_generic_errors(void) {
    xmlSetGenericErrorFunc(NULL, almanac_xml_ignore_generic_error);
}

// Puts libxml2's default generic error handler back on the calling thread.
static inline void almanac_xml_restore_generic_errors(void) {
    xmlSetGenericErrorFunc(NULL, NULL);
}
