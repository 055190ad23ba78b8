print("panel")
