package edit

const modelsDir = "../../../shared/models"
