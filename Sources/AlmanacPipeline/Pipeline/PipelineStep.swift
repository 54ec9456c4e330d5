import AlmanacCore

/// One step of a pipeline, ready to run: `sort`, `filter`, … (`Sources/AlmanacPipeline/Steps`,
/// one file each), or one of an app's own. Its parameters are checked when it is made, so a
/// step that exists can run; applying it changes the items in one process, over the model.
///
/// A step that stops the pipeline throws an ``AlmanacError`` (``ValidateStep`` on errors).
public protocol PipelineStep: Sendable {
    /// Changes `state`: its items, and what it passes to the writer.
    func apply(to state: inout PipelineState) throws
}
