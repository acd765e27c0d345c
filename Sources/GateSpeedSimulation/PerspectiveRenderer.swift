/// Draws one moment of a `PerspectiveScene` into float canvases: the empty world (copied from a
/// backdrop rendered once), then the poles and the people in painter's order, farthest first, so
/// a nearer person hides a farther one and a pole hides a rider passing behind it.
///
/// People are 3-D figures (`PerspectiveFigure`) whose parts are projected through the camera and
/// filled with anti-aliased edges. Everything the renderer needs per frame is allocated at init.
struct PerspectiveRenderer: Sendable {
    let scene: PerspectiveScene
    let camera: PerspectiveCameraPose
    let backdrop: PerspectiveBackdrop
    let poles: [PerspectivePole]
    private var figure = PerspectiveFigure()
    private var raster: PerspectiveRasteriser
    /// Painter's order scratch: what to draw, farthest first.
    private var items: [Item]
    private var partOrder: [Int]

    private struct Item: Sendable {
        enum Kind: Sendable { case pole, rider, bystander }
        var kind: Kind
        var index: Int
        var depth: Double
    }

    init(scene: PerspectiveScene) {
        self.scene = scene
        camera = scene.camera.pose
        backdrop = PerspectiveBackdrop(camera: camera, seed: scene.seed, colour: scene.colour)
        let camera = self.camera
        poles = scene.postPositions.map {
            PerspectivePole(x: $0, heightMetres: scene.poleHeightMetres, camera: camera, colour: scene.colour)
        }
        raster = PerspectiveRasteriser(capacity: 4 * PerspectiveRasteriser.outlinePoints + 4, width: scene.camera.width)
        items = [Item](repeating: Item(kind: .pole, index: 0, depth: 0),
                       count: scene.riders.count + scene.bystanders.count + scene.postCount + 2)
        partOrder = [Int](repeating: 0, count: PerspectiveFigure.partCapacity)
    }

    /// Renders the scene at time `t` into `luma` (full size) and, for colour scenes, `blue` and
    /// `red` (half size). The canvases must have those sizes. Without `people`, the empty course.
    mutating func render(at t: Double, people: Bool = true, luma: inout [Float], blue: inout [Float], red: inout [Float]) {
        let w = camera.width, h = camera.height
        precondition(luma.count == w * h)
        let colour = scene.colour
        luma.withUnsafeMutableBufferPointer { l in
            backdrop.luma.withUnsafeBufferPointer { l.baseAddress!.update(from: $0.baseAddress!, count: w * h) }
        }
        if colour {
            let n = (w / 2) * (h / 2)
            precondition(blue.count == n && red.count == n)
            blue.withUnsafeMutableBufferPointer { b in
                backdrop.chromaBlue.withUnsafeBufferPointer { b.baseAddress!.update(from: $0.baseAddress!, count: n) }
            }
            red.withUnsafeMutableBufferPointer { r in
                backdrop.chromaRed.withUnsafeBufferPointer { r.baseAddress!.update(from: $0.baseAddress!, count: n) }
            }
        }
        let count = gatherItems(at: t, people: people)
        luma.withUnsafeMutableBufferPointer { l in
            blue.withUnsafeMutableBufferPointer { b in
                red.withUnsafeMutableBufferPointer { r in
                    // Grey scenes have empty chroma canvases: never hand them out.
                    let cb = colour ? b.baseAddress : nil, cr = colour ? r.baseAddress : nil
                    for i in 0..<count {
                        let item = items[i]
                        switch item.kind {
                        case .pole:
                            poles[item.index].paint(luma: l.baseAddress!)
                            if let cb, let cr { poles[item.index].paint(blue: cb, red: cr) }
                        case .rider:
                            let rider = scene.riders[item.index]
                            drawPerson(rider.stance(at: t, courseLength: scene.courseLength, postCount: scene.postCount),
                                       luma: l.baseAddress!, blue: cb, red: cr)
                        case .bystander:
                            drawPerson(scene.bystanders[item.index].stance(at: t),
                                       luma: l.baseAddress!, blue: cb, red: cr)
                        }
                    }
                }
            }
        }
    }

    /// Fills `items` with the poles and (with `people`) the people present at `t` (in front of the
    /// camera and near the view), farthest first (a pole before a person at the same depth).
    /// Returns the count.
    private mutating func gatherItems(at t: Double, people: Bool) -> Int {
        var count = 0
        for (i, pole) in poles.enumerated() where pole.depth > 0 {
            items[count] = Item(kind: .pole, index: i, depth: pole.depth)
            count += 1
        }
        guard people else { return count }
        for (i, rider) in scene.riders.enumerated() {
            let p = rider.position(at: t, courseLength: scene.courseLength, postCount: scene.postCount)
            guard let depth = visibleDepth(x: p.x, y: p.y, height: rider.heightMetres) else { continue }
            items[count] = Item(kind: .rider, index: i, depth: depth)
            count += 1
        }
        for (i, bystander) in scene.bystanders.enumerated() where bystander.isPresent(at: t) {
            let p = bystander.position(at: t)
            guard let depth = visibleDepth(x: p.x, y: p.y, height: bystander.heightMetres) else { continue }
            items[count] = Item(kind: .bystander, index: i, depth: depth)
            count += 1
        }
        // Insertion sort, farthest first; poles before people at equal depth.
        if count > 1 {
            for i in 1..<count {
                let item = items[i]
                var j = i - 1
                while j >= 0 && (items[j].depth < item.depth
                                 || (items[j].depth == item.depth && items[j].kind != .pole && item.kind == .pole)) {
                    items[j + 1] = items[j]
                    j -= 1
                }
                items[j + 1] = item
            }
        }
        return count
    }

    /// Camera depth of a person standing at (x, y), or nil when they cannot be in the picture
    /// (behind the camera or well outside the field of view).
    private func visibleDepth(x: Double, y: Double, height: Double) -> Double? {
        let foot = camera.cameraFrame(PerspectiveVector(x, y, 0))
        guard foot.z > 0.3 else { return nil }
        // Margin: a person is about half their height wide, whatever the stride.
        let margin = camera.focal * height / foot.z
        let u = camera.cx + camera.focal * foot.x / foot.z
        guard u > -margin && u < Double(camera.width) + margin else { return nil }
        return foot.z
    }

    private mutating func drawPerson(_ stance: PerspectiveStance, luma: UnsafeMutablePointer<Float>,
                                     blue: UnsafeMutablePointer<Float>?, red: UnsafeMutablePointer<Float>?) {
        figure.pose(stance, camera: camera)
        let n = figure.partCount
        for i in 0..<n { partOrder[i] = i }
        for i in 1..<n {                                    // farthest part first
            let p = partOrder[i], depth = figure.parts[p].depth
            var j = i - 1
            while j >= 0 && figure.parts[partOrder[j]].depth < depth {
                partOrder[j + 1] = partOrder[j]
                j -= 1
            }
            partOrder[j + 1] = p
        }
        let w = camera.width, h = camera.height
        for i in 0..<n {
            let part = figure.parts[partOrder[i]]
            raster.reset()
            var inFront = true
            for b in part.first..<(part.first + part.count) where inFront {
                inFront = raster.addBall(figure.balls[b], camera: camera)
            }
            guard inFront else { continue }
            raster.buildHull()
            let shade = part.luma
            raster.fill(scale: 1, width: w, height: h) { row, x0, x1, c in
                let line = luma + row * w
                for x in x0..<x1 {
                    let a = min(1, c[x])
                    line[x] += (shade - line[x]) * a
                }
            }
            if let blue, let red {
                let cw = w / 2
                let cb = part.chromaBlue, cr = part.chromaRed
                raster.fill(scale: 0.5, width: cw, height: h / 2) { row, x0, x1, c in
                    let b = blue + row * cw, r = red + row * cw
                    for x in x0..<x1 {
                        let a = min(1, c[x])
                        b[x] += (cb - b[x]) * a
                        r[x] += (cr - r[x]) * a
                    }
                }
            }
        }
    }
}
