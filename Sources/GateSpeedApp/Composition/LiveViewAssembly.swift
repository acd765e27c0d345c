import GateSpeedLiveView
import GateSpeedPlatform
import GateSpeedConfig
import GateSpeedWeb

extension Assembly {
    /// The lines the live view draws for `config`'s course: marked posts from base to top, or
    /// the fraction posts' vertical lines, placed on the sensor through the camera's rotation,
    /// mirror and crop.
    static func livePosts(_ config: GateSpeedConfig) -> LivePosts {
        let geometry = config.camera.geometry
        guard let marks = config.course.marks else { return LivePosts(viewX: config.course.rules.posts, geometry: geometry) }
        return LivePosts(bases: marks.map(\.base), tops: marks.map(\.top), geometry: geometry)
    }

    /// The live view for frames of `width` x `height`, its encoding thread started (a live view
    /// that cannot start says why in the log and stays dark; timing never depends on it).
    /// With nobody watching it costs the frame loop one atomic load per frame.
    static func liveView(_ config: GateSpeedConfig, width: Int, height: Int, log: Log) -> LiveView {
        let view = LiveView(width: width, height: height, framesPerSecond: 4, quality: 70, posts: livePosts(config),
                            log: log)
        view.start()
        return view
    }

    /// The pages' seam to the live view (GateSpeedWeb's `LiveFeed`).
    static func liveFeed(_ view: LiveView) -> LiveFeed {
        LiveFeed(beginWatching: { view.beginWatching() }, endWatching: { view.endWatching() },
                 nextJPEG: { after, timeout in view.nextJPEG(after: after, timeoutSeconds: timeout) })
    }
}
