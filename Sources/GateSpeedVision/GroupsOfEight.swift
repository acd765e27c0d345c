/// The scan the per-cell models share: cells go eight at a time through a vector test that
/// settles a whole group when it can (nearly every group: the background), and the groups it
/// could not settle, then the last `count % 8` cells, go through the cell-by-cell rule.
///
/// The groups left over are listed in `pending` (room for `count / 8` entries) and handled after
/// the vector pass, in order, so a rule that counts or keeps time sees the cells in the same
/// order as a plain loop over the unsettled cells would.
///
/// - Parameters:
///   - settle: given the group's first cell, settles all eight and returns true, or returns
///     false having changed nothing.
///   - one: the cell-by-cell rule.
@inline(__always)
func scanGroupsOfEight(count n: Int, pending: UnsafeMutablePointer<Int32>,
                       settle: (Int) -> Bool, one: (Int) -> Void) {
    var listed = 0
    var i = 0
    while i &+ 8 <= n {
        if !settle(i) {
            pending[listed] = Int32(truncatingIfNeeded: i)
            listed &+= 1
        }
        i &+= 8
    }
    var k = 0
    while k < listed {
        let start = Int(pending[k])
        var j = start
        while j < start &+ 8 { one(j); j &+= 1 }
        k &+= 1
    }
    while i < n { one(i); i &+= 1 }
}
