/// What a post position (and a rider position, `RiderSample.x`) is measured in.
public enum PostUnit: Sendable, Equatable {
    /// Normalised view x (0...1, top-left origin): the image rule, a post is crossed when the
    /// rider's image passes the post's image.
    case viewWidth
    /// Metres along the course from post 1: a post is crossed when the rider passes the
    /// vertical plane through it square to the course, as a timing gate would see it.
    case metres
}

/// The slalom course as seen by the camera, and the rules' numbers.
public struct Course: Sendable, Equatable {
    /// Post positions along the timing axis, post 1 first (leftmost in the view), in `postUnit`.
    /// Must be strictly increasing, at least 2; view fractions lie inside (0, 1).
    public var posts: [Double]
    /// The unit of `posts` and of the rider positions timed against them.
    public var postUnit: PostUnit
    /// One standard deviation of each post's position (same unit), from the geometry solve;
    /// empty or zeros when the posts are exact by definition (the image rule).
    public var postSigmas: [Double] = []
    /// Distance from the first to the last post, metres.
    public var lengthMetres: Double
    /// A run passes when its unrounded average speed is at least this, km/h.
    public var passKmh: Double
    /// A run not finished this many seconds after its start is invalid.
    public var timeoutSeconds: Double

    public init(posts: [Double] = [0.1, 0.3, 0.5, 0.7, 0.9], postUnit: PostUnit = .viewWidth,
                postSigmas: [Double] = [], lengthMetres: Double = 28, passKmh: Double = 30, timeoutSeconds: Double = 10) {
        self.posts = posts
        self.postUnit = postUnit
        self.postSigmas = postSigmas
        self.lengthMetres = lengthMetres
        self.passKmh = passKmh
        self.timeoutSeconds = timeoutSeconds
    }

    /// Five posts at 10, 30, 50, 70 and 90 % of the width; 28 m; 30 km/h; 10 s.
    public static let standard = Course()

    /// Number of posts (post numbers run 1...postCount).
    public var postCount: Int { posts.count }

    /// Average speed in km/h over the course for a run taking `elapsedSeconds`
    /// from the first to the last post.
    public func speedKmh(elapsedSeconds: Double) -> Double {
        lengthMetres / elapsedSeconds * 3.6
    }

    /// One standard deviation of post `index`'s position (0 when unknown or exact).
    public func postSigma(_ index: Int) -> Double {
        guard index >= 0, index < postSigmas.count else { return 0 }
        let sigma = postSigmas[index]
        return sigma.isFinite && sigma > 0 ? sigma : 0
    }

    /// Distance from the first post to the last in `postUnit`.
    public var postSpan: Double {
        guard let first = posts.first, let last = posts.last else { return 0 }
        return last - first
    }

    /// Whether an unrounded speed passes.
    public func passes(speedKmh: Double) -> Bool {
        speedKmh >= passKmh
    }

    /// Every problem with this course, keyed by the config file's names
    /// (`posts`, `posts[i]` counting from 0, `length_m`, `pass_kmh`, `timeout_s`); empty when usable.
    public func validationProblems() -> [ValidationProblem] {
        var problems: [ValidationProblem] = []
        if posts.count < 2 {
            problems.append(ValidationProblem(
                key: "posts", message: "needs at least 2 posts, found \(posts.count)"))
        }
        for (index, post) in posts.enumerated() {
            let key = "posts[\(index)]"
            guard post.isFinite else {
                problems.append(ValidationProblem(
                    key: key, message: "must be a finite number (got \(Self.postText(post)))"))
                continue
            }
            if postUnit == .viewWidth && !(post > 0 && post < 1) {
                problems.append(ValidationProblem(
                    key: key, message: "\(Self.postText(post)) must be greater than 0 and less than 1 (a fraction of the view width)"))
            }
            if index > 0 {
                let before = posts[index - 1]
                if before.isFinite && post <= before {
                    problems.append(ValidationProblem(
                        key: key,
                        message: "\(Self.postText(post)) must be greater than posts[\(index - 1)] (\(Self.postText(before)))"))
                }
            }
        }
        problems += ValidationProblem.positive(lengthMetres, key: "length_m")
        problems += ValidationProblem.positive(passKmh, key: "pass_kmh")
        problems += ValidationProblem.positive(timeoutSeconds, key: "timeout_s")
        return problems
    }

    /// A post position as written in messages: at least two decimals ("0.30").
    static func postText(_ value: Double) -> String {
        DecimalFormat.trimmed(value, maxDecimals: 6, minDecimals: 2)
    }
}
