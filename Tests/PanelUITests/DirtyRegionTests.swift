import PanelTesting
import PanelUI
import Testing

@Suite("Dirty region")
struct DirtyRegionTests {
    @Test("Areas far apart stay separate; an empty one, or one already covered, adds nothing")
    func separateAreasStaySeparate() {
        var region = DirtyRegion()
        region.add(Rect(x: 0, y: 0, width: 10, height: 10))
        region.add(Rect(x: 100, y: 0, width: 10, height: 10))
        region.add(Rect(x: 50, y: 50, width: 0, height: 10))
        region.add(Rect(x: 2, y: 2, width: 5, height: 5))
        #expect(Array(region) == [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 100, y: 0, width: 10, height: 10)])
        #expect(region.area == 200)
        #expect(region.bounds == Rect(x: 0, y: 0, width: 110, height: 10))
    }

    @Test("An area that overlaps others is merged with them, and with what their union then reaches")
    func overlapsMerge() {
        var region = DirtyRegion()
        region.add(Rect(x: 0, y: 0, width: 10, height: 10))
        region.add(Rect(x: 30, y: 0, width: 10, height: 10))
        region.add(Rect(x: 15, y: 8, width: 10, height: 10))
        #expect(region.count == 3)
        region.add(Rect(x: 5, y: 5, width: 30, height: 2)) // overlaps the first two; their union reaches the third
        #expect(Array(region) == [Rect(x: 0, y: 0, width: 40, height: 18)])
    }

    @Test("Full, the region merges the pair whose union adds the least area")
    func fullRegionMergesTheCheapestPair() {
        var region = DirtyRegion()
        for i in 0..<DirtyRegion.capacity {
            region.add(Rect(x: Double(i) * 100, y: 0, width: 10, height: 10))
        }
        #expect(region.count == DirtyRegion.capacity)
        region.add(Rect(x: 312, y: 0, width: 10, height: 10)) // 2 points from the fourth: merging those two adds 20
        #expect(region.count == DirtyRegion.capacity)
        #expect(region.contains(Rect(x: 300, y: 0, width: 22, height: 10)))
        #expect(region.area == Double(DirtyRegion.capacity - 1) * 100 + 220)
    }

    @Test("Whatever is added, the areas never overlap and cover everything added", arguments: [1, 2, 3])
    func areasCoverWhatWasAdded(seed: UInt64) {
        var random = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ limit: Double) -> Double {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double((random >> 33) % 10_000) / 10_000 * limit
        }
        var region = DirtyRegion()
        var added: [Rect] = []
        for _ in 0..<60 {
            let rect = Rect(x: next(780), y: next(460), width: next(60) + 0.5, height: next(40) + 0.5)
            region.add(rect)
            added.append(rect)
            #expect(region.count <= DirtyRegion.capacity)
            for i in 0..<region.count {
                for j in (i + 1)..<region.count where j < region.count {
                    #expect(region[i].intersection(region[j]) == nil, "areas \(i) and \(j) overlap")
                }
            }
            for old in added {
                let covered = region.contains {
                    $0.minX <= old.minX && $0.minY <= old.minY && $0.maxX >= old.maxX && $0.maxY >= old.maxY
                }
                #expect(covered, "\(old) is no longer covered")
            }
        }
    }

    @Test("A window marks a view's part with setNeedsDisplay(_:), in window coordinates and cut to its frame")
    func viewMarksAPart() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let parent = View(frame: Rect(x: 100, y: 50, width: 300, height: 200), name: "parent")
        let child = View(frame: Rect(x: 20, y: 30, width: 100, height: 40), name: "child")
        parent.addSubview(child)
        window.addSubview(parent)
        window.viewTable.rebuildIfNeeded()
        window.clearDirtyRect()
        child.setNeedsDisplay(Rect(x: 5, y: 5, width: 10, height: 10))
        child.setNeedsDisplay(Rect(x: 90, y: 30, width: 50, height: 50))
        #expect(
            Array(window.dirtyRegion) == [
                Rect(x: 125, y: 85, width: 10, height: 10), Rect(x: 210, y: 110, width: 10, height: 10)
            ])
        child.setNeedsDisplay(Rect(x: 500, y: 0, width: 10, height: 10)) // outside the view: nothing
        #expect(window.dirtyRegion.count == 2)
    }

    @Test(
        "setNeedsDisplay(_:) takes the rect in the view's bounds coordinates: with the bounds origin moved (a scrolled view), it marks where that part is shown"
    )
    func partOfAScrolledView() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let scrolled = View(frame: Rect(x: 100, y: 50, width: 300, height: 200), name: "scrolled")
        scrolled.bounds.origin = Point(x: 0, y: 400) // shows its content from y = 400
        window.addSubview(scrolled)
        window.viewTable.rebuildIfNeeded()
        window.clearDirtyRect()
        scrolled.setNeedsDisplay(Rect(x: 10, y: 410, width: 20, height: 20)) // 10 points into the part shown
        #expect(Array(window.dirtyRegion) == [Rect(x: 110, y: 60, width: 20, height: 20)])
    }

    @Test("Rule 3: adding areas, walking them and copying them into another region allocates nothing")
    func regionAllocatesNothing() {
        var region = DirtyRegion()
        var sum = 0.0
        // A warm-up run each: whichever test first walks a range or region makes the
        // runtime's metadata for it, once per process.
        let adding = AllocationCounter.count(warmUpRuns: 1) {
            region = DirtyRegion()
            for i in 0..<12 { region.add(Rect(x: Double(i) * 50, y: 0, width: 10, height: 10)) }
        }
        let walking = AllocationCounter.count(warmUpRuns: 1) { for rect in region { sum += rect.width } }
        let copying = AllocationCounter.count(warmUpRuns: 1) {
            var other = DirtyRegion()
            other.formUnion(region)
            for rect in region { other.add(rect.insetBy(dx: -1, dy: -1)) }
            sum += other.area
        }
        #expect(adding == 0 && walking == 0 && copying == 0, "adding \(adding), walking \(walking), copying \(copying)")
        #expect(sum > 0)
    }
}
