import PanelKit
