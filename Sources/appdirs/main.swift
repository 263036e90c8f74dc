print("appdirs")
