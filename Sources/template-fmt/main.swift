print("template-fmt")
