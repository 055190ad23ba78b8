import PanelKit

/// A room of the home: its name, its symbol and whether its light is on.
struct Room {
    let name: String
    let symbol: String
    var lightIsOn: Bool
}

/// What the hub controls. Plain values: the screens read and change them.
final class Home {
    var rooms = [
        Room(name: "Living room", symbol: "weekend", lightIsOn: true),
        Room(name: "Kitchen", symbol: "kitchen", lightIsOn: false),
        Room(name: "Bedroom", symbol: "bed", lightIsOn: false),
        Room(name: "Office", symbol: "computer", lightIsOn: true),
        Room(name: "Bathroom", symbol: "bathtub", lightIsOn: false),
        Room(name: "Garage", symbol: "garage", lightIsOn: false)
    ]
    /// The wake-up time, hours and minutes.
    var wakeUp = (hour: 7, minute: 0)
    /// The room temperature and the target, in tenths of a degree.
    var temperature = 215
    var target = 210

    var lightsOn: Int {
        var count = 0
        for room in rooms where room.lightIsOn { count += 1 }
        return count
    }

    func turnOffAllLights() {
        for i in rooms.indices { rooms[i].lightIsOn = false }
    }
}
