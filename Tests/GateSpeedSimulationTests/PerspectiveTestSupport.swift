import GateSpeedFrames
import GateSpeedSimulation

/// Helpers shared by the perspective-simulator tests.
enum PerspectiveTestSupport {
    /// A grey frame's luma, copied out of the source's buffer.
    struct Picture {
        var width: Int, height: Int
        var luma: [UInt8]
        var chromaBlue: [UInt8] = [], chromaRed: [UInt8] = []
        subscript(x: Int, y: Int) -> Int { Int(luma[y * width + x]) }
        func blue(_ x: Int, _ y: Int) -> Int { Int(chromaBlue[y * (width / 2) + x]) }
        func red(_ x: Int, _ y: Int) -> Int { Int(chromaRed[y * (width / 2) + x]) }
    }

    static func copy(_ frame: VideoFrame) -> Picture {
        var picture = Picture(width: frame.width, height: frame.height, luma: [])
        picture.luma.reserveCapacity(frame.width * frame.height)
        for y in 0..<frame.height { for x in 0..<frame.width { picture.luma.append(frame.luma.sample(x: x, y: y)) } }
        if let blue = frame.chromaBlue, let red = frame.chromaRed {
            for y in 0..<blue.height {
                for x in 0..<blue.width {
                    picture.chromaBlue.append(blue.sample(x: x, y: y))
                    picture.chromaRed.append(red.sample(x: x, y: y))
                }
            }
        }
        return picture
    }

    /// The still at `t` of `scene` (without the people: the empty course).
    static func still(_ scene: PerspectiveScene, at t: Double, people: Bool = true) -> Picture {
        var source = PerspectiveCourseSource(scene: scene)
        var picture: Picture?
        source.still(at: t, people: people) { picture = copy($0) }
        return picture!
    }

    /// The stills at `t` with and without the people, from one source.
    static func stills(_ scene: PerspectiveScene, at t: Double) -> (with: Picture, without: Picture) {
        var source = PerspectiveCourseSource(scene: scene)
        var with: Picture?, without: Picture?
        source.still(at: t) { with = copy($0) }
        source.still(at: t, people: false) { without = copy($0) }
        return (with!, without!)
    }

    /// A noiseless, drift-free scene with the default camera and `riders`.
    static func quietScene(riders: [PerspectiveRider] = [], bystanders: [PerspectiveBystander] = [],
                           camera: PerspectiveCamera = PerspectiveCamera()) -> PerspectiveScene {
        var scene = PerspectiveScene(duration: 10)
        scene.camera = camera
        scene.noise = 0
        scene.riders = riders
        scene.bystanders = bystanders
        return scene
    }

    /// What changed between a picture and the empty course: the pixels differing by more than
    /// `threshold` levels.
    struct Silhouette {
        var minRow = Int.max, maxRow = Int.min, minColumn = Int.max, maxColumn = Int.min
        var count = 0
        var columnSum = 0.0
        /// Sum of |difference| and of |difference| × column centre, for a sub-pixel centre.
        var weight = 0.0, weightedColumn = 0.0
        var centreColumn: Double { columnSum / Double(count) }
        var weightedCentre: Double { weightedColumn / weight }
        var pixelHeight: Int { maxRow - minRow + 1 }
    }

    static func silhouette(_ picture: Picture, against empty: Picture, threshold: Int = 12,
                           columns: Range<Int>? = nil) -> Silhouette {
        var s = Silhouette()
        let range = columns ?? 0..<picture.width
        for y in 0..<picture.height {
            for x in range {
                let d = abs(picture[x, y] - empty[x, y])
                s.weight += Double(d)
                s.weightedColumn += Double(d) * (Double(x) + 0.5)
                guard d > threshold else { continue }
                s.count += 1
                s.columnSum += Double(x) + 0.5
                s.minRow = min(s.minRow, y); s.maxRow = max(s.maxRow, y)
                s.minColumn = min(s.minColumn, x); s.maxColumn = max(s.maxColumn, x)
            }
        }
        return s
    }

    /// The silhouette of `riders` at `t` on the default (or given) camera's quiet course.
    static func silhouette(of riders: [PerspectiveRider], at t: Double,
                           camera: PerspectiveCamera = PerspectiveCamera(), threshold: Int = 12) -> Silhouette {
        let pictures = stills(quietScene(riders: riders, camera: camera), at: t)
        return silhouette(pictures.with, against: pictures.without, threshold: threshold)
    }
}
