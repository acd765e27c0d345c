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
