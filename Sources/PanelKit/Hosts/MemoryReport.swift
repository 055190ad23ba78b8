import PanelLinux
import PanelText
import PanelUI

/// Where an app's memory on a board goes, written when it ends (a line on
/// standard error, docs/memory.md): the peak resident set the kernel saw
/// (VmHWM) against the board file's memory budget, and what is resident at
/// the end split into what PanelKit holds and the rest.
struct MemoryReport {
    var memory: ResidentMemory
    /// The budget from the board file (`budgets.memory`), in MiB.
    var budgetMiB: Double
    /// The framebuffer the UI is drawn into.
    var framebufferBytes: Int
    /// The scan-out buffers the display maps.
    var scanoutBytes: Int
    var glyphCacheBytes: Int
    var textLayoutBytes: Int
    /// Rasterized views' pictures (`Layer.shouldRasterize`), and their budget.
    var cachedLayerBytes: Int
    var cachedLayerBudget: Int
    var views: Int
    var viewBytes: Int

    /// The resident KiB not named apart: code, libraries, other files, and the heap and stacks besides.
    var restKiB: Int {
        memory.residentKiB - kib(framebufferBytes) - memory.scanoutKiB - kib(glyphCacheBytes + textLayoutBytes)
            - kib(viewBytes) - memory.fontKiB - kib(cachedLayerBytes)
    }

    var line: String {
        let budget = budgetMiB * 1024
        // Files on a tmpfs (an initramfs) are shared memory, as are scan-out buffers in system memory.
        let codeAndFiles = max(0, memory.fileKiB + memory.sharedKiB - memory.fontKiB - memory.scanoutKiB)
        return "memory: peak " + grouped(memory.peakKiB) + " KiB resident (VmHWM), "
            + fixed(budget > 0 ? Double(memory.peakKiB) / budget * 100 : 0, 1) + "% of the board's "
            + fixed(budgetMiB, 0) + " MiB budget; resident at the end " + grouped(memory.residentKiB)
            + " KiB: framebuffer " + grouped(kib(framebufferBytes)) + " KiB, scan-out buffers "
            + grouped(memory.scanoutKiB) + " KiB (" + grouped(kib(scanoutBytes))
            + " KiB mapped; the rest is the card's memory), glyph cache " + grouped(kib(glyphCacheBytes))
            + " KiB, text layout " + grouped(kib(textLayoutBytes)) + " KiB, cached layers "
            + grouped(kib(cachedLayerBytes)) + " KiB (of " + grouped(kib(cachedLayerBudget)) + " KiB), views "
            + grouped(kib(viewBytes))
            + " KiB (" + String(views) + " views), fonts " + grouped(memory.fontKiB) + " KiB mapped, the rest "
            + grouped(restKiB) + " KiB (code and other files " + grouped(codeAndFiles) + " KiB, heap and stacks "
            + grouped(restKiB - codeAndFiles) + " KiB)"
    }

    func kib(_ bytes: Int) -> Int { (bytes + 1023) / 1024 }
}

/// 12,345: thousands apart, as the README's figures are.
func grouped(_ value: Int) -> String { NumberFormat(groupingSeparator: ",").string(from: value) }
