// `import Almanac` is all an app needs: the model and codec protocol (AlmanacCore), the
// built-in formats and their registry (AlmanacFormats), and the pipeline (this module).
@_exported import AlmanacCore
@_exported import AlmanacFormats
