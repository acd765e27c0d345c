import Testing
@testable import GateSpeedPlatform

struct BoundedQueueTests {
    @Test func refusesPastTheCapacityUnlessTheItemMustBeKept() {
        let queue = BoundedQueue<Int>(capacity: 2)
        #expect(queue.push(1))
        #expect(queue.push(2))
        #expect(!queue.push(3))
        #expect(queue.push(4, beyondCapacity: true))
        #expect(queue.takeAll().items == [1, 2, 4])
    }

    /// The speaker's rules: the same kind replaces in place; when full the oldest makes room.
    @Test func aReplacingPushReplacesInPlaceOrDropsTheOldestButNeverRefusesForRoom() {
        let queue = BoundedQueue<String>(capacity: 2)
        func push(_ item: String) -> BoundedQueue<String>.Placement {
            queue.push(item, replacingWhere: { $0.first == item.first })
        }
        guard case .added = push("a1"), case .added = push("b1") else { Issue.record("room for two"); return }
        guard case .replaced("a1") = push("a2") else { Issue.record("a2 takes a1's place"); return }
        guard case .droppedOldest("a2") = push("c1") else { Issue.record("full: the oldest goes"); return }
        #expect(queue.takeAll().items == ["b1", "c1"])
        queue.close()
        guard case .refused = push("d1") else { Issue.record("closed: refused"); return }
    }

    @Test func closingHandsOverWhatIsLeftThenEnds() {
        let queue = BoundedQueue<Int>(capacity: 4)
        queue.push(1)
        queue.close()
        #expect(!queue.push(2))
        let batch = queue.takeAll()
        #expect(batch.items == [1] && batch.isClosed)
        #expect(queue.take() == nil)
    }

    @Test func takeAllReturnsEmptyAfterItsTimeOut() {
        let queue = BoundedQueue<Int>(capacity: 4)
        let batch = queue.takeAll(waitingAtMost: 0.01)
        #expect(batch.items.isEmpty && !batch.isClosed)
    }

    @Test func itemsCrossThreadsInOrder() throws {
        let queue = BoundedQueue<Int>(capacity: 1000)
        let producer = try WorkerThread.start(name: "test-producer") {
            for value in 0..<500 { queue.push(value) }
            queue.close()
        }
        var received: [Int] = []
        while let value = queue.take() { received.append(value) }
        producer.join()
        #expect(received == Array(0..<500))
    }
}
