print("tdl-bench")
